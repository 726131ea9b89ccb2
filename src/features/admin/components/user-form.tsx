import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Field,
  Fieldset,
  Flex,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  RadioGroup,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-ui/react/theme/recipes/checkbox';
import { fieldsetSlotRecipe } from '@chakra-ui/react/theme/recipes/fieldset';
import { radioGroupSlotRecipe } from '@chakra-ui/react/theme/recipes/radio-group';
import { tableSlotRecipe } from '@chakra-ui/react/theme/recipes/table';
import { useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../client/http';
import { CloseIcon } from '../../../client/ui/icons';
import { PHONE_COUNTRY_CODES, saveErrorKeys, UserSave } from '../../../domain/users';
import type { ParentProfile, UserDetail } from '../api/types';

type FormInput = z.input<typeof UserSave>;

export function toFormValues(user?: UserDetail): FormInput {
  if (!user) {
    // A new user starts active, with no profiles and a blank record (spec 001 section 4).
    return {
      firstName: '',
      lastName: '',
      title: '',
      eMail: '',
      telephone: { countryCode: '', number: '' },
      status: 'active',
      isAdmin: false,
      hasGlobalAccess: false,
      isExcelDownloadPermitted: false,
      isMoveCalculationsPermitted: false,
      defaultParentProfileId: '',
      parentProfiles: [],
    };
  }
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    title: user.title,
    eMail: user.eMail,
    telephone: { countryCode: user.telephone?.countryCode ?? '', number: user.telephone?.number ?? '' },
    status: user.status,
    isAdmin: user.isAdmin,
    hasGlobalAccess: user.hasGlobalAccess,
    isExcelDownloadPermitted: user.isExcelDownloadPermitted,
    isMoveCalculationsPermitted: user.isMoveCalculationsPermitted,
    defaultParentProfileId: user.profiles.find((p) => p.isDefault)?.parentProfileId ?? '',
    parentProfiles: user.profiles.map((p) => ({ id: p.parentProfileId, active: p.status === 'active' })),
  };
}

const FORM_FIELDS = new Set([
  'firstName',
  'lastName',
  'title',
  'eMail',
  'telephone.countryCode',
  'telephone.number',
  'defaultParentProfileId',
  'parentProfiles',
]);

/**
 * The user record and its profiles (spec 001 sections 3 and 5), validated with the same
 * schema the server uses. Fields show their error once touched; the server's 400 answers land
 * on their fields or, for named user errors, above the form.
 */
export function UserForm({
  user,
  brands,
  onSave,
  saving,
}: {
  user?: UserDetail;
  brands: ParentProfile[];
  onSave: (body: UserSave) => Promise<void>;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const message = (key: string | undefined) =>
    key ? t(`validation.${key}`, { defaultValue: t('validation.invalid') }) : undefined;
  const form = useForm<FormInput, unknown, UserSave>({
    resolver: zodResolver(UserSave),
    mode: 'onTouched',
    defaultValues: toFormValues(user),
  });
  const { register, handleSubmit, formState, watch, setValue, setError, control } = form;
  const profiles = useFieldArray({ control, name: 'parentProfiles', keyName: 'key' });
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [toAdd, setToAdd] = useState('');
  const defaultId = watch('defaultParentProfileId');
  const added = new Set(profiles.fields.map((p) => p.id));
  const available = brands.filter((b) => !added.has(b.id));
  const brandOf = (id: string) => brands.find((b) => b.id === id);
  const err = (name: FieldPath<FormInput>) => message(form.getFieldState(name, formState).error?.message);

  const submit = handleSubmit(async (body) => {
    setServerErrors([]);
    try {
      await onSave(body);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      const general: string[] = [];
      for (const p of error.problem?.['invalid-params'] ?? []) {
        if (FORM_FIELDS.has(p.name)) setError(p.name as FieldPath<FormInput>, { message: p.reason });
        else general.push(p.reason);
      }
      const keys = saveErrorKeys(error.problem?.validationKeys);
      setServerErrors(
        keys.length
          ? [...new Set([...general, ...keys])]
          : [error.problem?.title ?? '', error.problem?.detail ?? ''].filter(Boolean),
      );
    }
  });

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
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="8">
        {serverErrors.length > 0 && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('admin.user.saveFailed')}</Alert.Title>
              <Alert.Description>
                {serverErrors.map((k) => (
                  <Text key={k}>{message(k) === t('validation.invalid') ? k : message(k)}</Text>
                ))}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}

        <Fieldset.Root recipe={fieldsetSlotRecipe}>
          <Fieldset.Legend fontSize="lg" fontWeight="semibold">
            {t('admin.user.person')}
          </Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="3">
            <Field.Root invalid={!!err('title')}>
              <Field.Label>{t('admin.user.title')}</Field.Label>
              <Input {...register('title')} autoComplete="honorific-prefix" />
              <Field.ErrorText>{err('title')}</Field.ErrorText>
            </Field.Root>
            <div />
            <Field.Root required invalid={!!err('firstName')}>
              <Field.Label>
                {t('admin.user.firstName')} <Field.RequiredIndicator />
              </Field.Label>
              <Input {...register('firstName')} autoComplete="off" />
              <Field.ErrorText>{err('firstName')}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={!!err('lastName')}>
              <Field.Label>
                {t('admin.user.lastName')} <Field.RequiredIndicator />
              </Field.Label>
              <Input {...register('lastName')} autoComplete="off" />
              <Field.ErrorText>{err('lastName')}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={!!err('eMail')}>
              <Field.Label>
                {t('admin.user.eMail')} <Field.RequiredIndicator />
              </Field.Label>
              <Input type="email" {...register('eMail')} autoComplete="off" />
              <Field.HelperText>{t('admin.user.eMailHelp')}</Field.HelperText>
              <Field.ErrorText>{err('eMail')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!err('telephone.number') || !!err('telephone.countryCode')}>
              <Field.Label>{t('admin.user.telephone')}</Field.Label>
              <HStack w="full">
                <NativeSelect.Root width="32">
                  <NativeSelect.Field
                    aria-label={t('admin.user.countryCode')}
                    {...register('telephone.countryCode')}
                  >
                    <option value="">{t('admin.user.noCountryCode')}</option>
                    {PHONE_COUNTRY_CODES.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Input type="tel" aria-label={t('admin.user.number')} {...register('telephone.number')} />
              </HStack>
              <Field.ErrorText>{err('telephone.number') ?? err('telephone.countryCode')}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
        </Fieldset.Root>

        <Fieldset.Root recipe={fieldsetSlotRecipe}>
          <Fieldset.Legend fontSize="lg" fontWeight="semibold">
            {t('admin.user.permissions')}
          </Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="3">
            <Field.Root>
              <Field.Label>{t('admin.user.status')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('status')}>
                  <option value="active">{t('admin.user.statusActive')}</option>
                  <option value="readOnly">{t('admin.user.statusDisabled')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('admin.user.generalPermission')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={watch('hasGlobalAccess') ? 'all' : 'own'}
                  onChange={(e) =>
                    setValue('hasGlobalAccess', e.currentTarget.value === 'all', { shouldDirty: true })
                  }
                >
                  <option value="all">{t('admin.user.fullAccess')}</option>
                  <option value="own">{t('admin.user.ownOnly')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {(['isAdmin', 'isExcelDownloadPermitted', 'isMoveCalculationsPermitted'] as const).map((flag) => (
              <Checkbox.Root
                recipe={checkboxSlotRecipe}
                key={flag}
                checked={!!watch(flag)}
                onCheckedChange={(e) => setValue(flag, !!e.checked, { shouldDirty: true })}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(`admin.user.${flag}`)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
        </Fieldset.Root>

        <Fieldset.Root
          recipe={fieldsetSlotRecipe}
          invalid={!!err('parentProfiles') || !!err('defaultParentProfileId')}
        >
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
                      <Table.ColumnHeader />
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
                              value={watch(`parentProfiles.${index}.active`) ? 'active' : 'readOnly'}
                              onChange={(e) =>
                                setValue(
                                  `parentProfiles.${index}.active`,
                                  e.currentTarget.value === 'active',
                                  {
                                    shouldDirty: true,
                                  },
                                )
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
            <Fieldset.ErrorText>{err('parentProfiles') ?? err('defaultParentProfileId')}</Fieldset.ErrorText>
          </Stack>
        </Fieldset.Root>

        <Flex gap="3">
          <Button type="submit" colorPalette="brand" loading={saving}>
            {t('admin.user.save')}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
