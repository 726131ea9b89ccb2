import {
  Button,
  Fieldset,
  HStack,
  IconButton,
  NativeSelect,
  RadioGroup,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  fieldsetSlotRecipe,
  radioGroupSlotRecipe,
  tableSlotRecipe,
} from '../../../client/ui/chakra';
import { useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../client/ui/icons';
import type { UserSave, UserSaveInput } from '../../../domain/users';
import type { ParentProfile } from '../api/types';

/**
 * A user's profiles: one per brand of the partner, active or read-only, exactly one default;
 * the first one added becomes the default (administration specification, “States and transitions”).
 */
export function ProfilesField({
  form,
  brands,
  error,
}: {
  form: UseFormReturn<UserSaveInput, unknown, UserSave>;
  brands: ParentProfile[];
  error?: string;
}) {
  const { t } = useTranslation();
  // useWatch, not watch(): the React Compiler cannot memoise what watch() returns.
  const { control, setValue } = form;
  const profiles = useFieldArray({ control, name: 'parentProfiles', keyName: 'key' });
  const [toAdd, setToAdd] = useState('');
  const defaultId = useWatch({ control, name: 'defaultParentProfileId' });
  const statuses = useWatch({ control, name: 'parentProfiles' });
  const added = new Set(profiles.fields.map((p) => p.id));
  const available = brands.filter((b) => !added.has(b.id));
  const brandOf = (id: string) => brands.find((b) => b.id === id);

  const addProfile = () => {
    if (!toAdd) return;
    profiles.append({ id: toAdd, active: true });
    // The first profile added becomes the default.
    if (profiles.fields.length === 0) setValue('defaultParentProfileId', toAdd, { shouldValidate: true });
    setToAdd('');
  };
  const removeProfile = (index: number, id: string) => {
    profiles.remove(index);
    if (defaultId === id)
      setValue('defaultParentProfileId', profiles.fields.find((p) => p.id !== id)?.id ?? '');
  };

  return (
    <Fieldset.Root recipe={fieldsetSlotRecipe} invalid={!!error}>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold">
        {t('admin.user.profiles')}
      </Fieldset.Legend>
      <Stack gap="3" mt="3">
        {profiles.fields.length === 0 ? (
          <Text color="fg.muted">{t('admin.user.noProfiles')}</Text>
        ) : (
          <RadioGroup.Root
            recipe={radioGroupSlotRecipe}
            value={defaultId}
            onValueChange={(e) =>
              setValue('defaultParentProfileId', e.value ?? '', {
                shouldDirty: true,
                shouldValidate: true,
              })
            }
          >
            <Table.Root recipe={tableSlotRecipe} size="sm" bg="bg.panel" borderWidth="1px">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('admin.user.profile')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('admin.user.profileStatus')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('admin.user.defaultColumn')}</Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <VisuallyHidden>{t('admin.user.removeColumn')}</VisuallyHidden>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {profiles.fields.map((p, index) => (
                  <Table.Row key={p.key} data-testid="profile-row">
                    <Table.Cell>
                      <Text fontWeight="medium">{brandOf(p.id)?.name ?? p.id}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {brandOf(p.id)?.branding} · {p.id}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <NativeSelect.Root size="sm" width="36">
                        <NativeSelect.Field
                          aria-label={t('admin.user.profileStatus')}
                          value={statuses[index]?.active ? 'active' : 'readOnly'}
                          onChange={(e) =>
                            setValue(`parentProfiles.${index}.active`, e.currentTarget.value === 'active', {
                              shouldDirty: true,
                            })
                          }
                        >
                          <option value="active">{t('admin.user.statusActive')}</option>
                          <option value="readOnly">{t('shell.readOnly')}</option>
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Table.Cell>
                    <Table.Cell>
                      <RadioGroup.Item value={p.id}>
                        <RadioGroup.ItemHiddenInput
                          aria-label={t('admin.user.makeDefault', { name: brandOf(p.id)?.name ?? p.id })}
                        />
                        <RadioGroup.ItemIndicator />
                      </RadioGroup.Item>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <IconButton
                        size="sm"
                        variant="ghost"
                        aria-label={t('admin.user.removeProfile', { name: brandOf(p.id)?.name ?? p.id })}
                        onClick={() => removeProfile(index, p.id)}
                      >
                        <CloseIcon />
                      </IconButton>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </RadioGroup.Root>
        )}
        {available.length > 0 && (
          <HStack>
            <NativeSelect.Root size="sm" maxW="xs">
              <NativeSelect.Field
                aria-label={t('admin.user.addProfile')}
                value={toAdd}
                onChange={(e) => setToAdd(e.currentTarget.value)}
              >
                <option value="">{t('admin.user.chooseBrand')}</option>
                {available.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button size="sm" variant="outline" onClick={addProfile} disabled={!toAdd}>
              {t('admin.user.addProfile')}
            </Button>
          </HStack>
        )}
        <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
      </Stack>
    </Fieldset.Root>
  );
}
