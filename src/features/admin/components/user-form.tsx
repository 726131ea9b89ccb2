import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Field,
  Fieldset,
  Flex,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  checkboxSlotRecipe,
  fieldsetSlotRecipe,
} from '../../../client/ui/chakra';
import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../client/http';
import { PHONE_COUNTRY_CODES, saveErrorKeys, UserSave, type UserSaveInput } from '../../../domain/users';
import type { ParentProfile, UserDetail } from '../api/types';
import { ProfilesField } from './profiles-field';

export function toFormValues(user?: UserDetail): UserSaveInput {
  if (!user) {
    // A new user starts active, with no profiles and a blank record (administration specification, “States and transitions”).
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
 * The user record and its profiles (administration specification, “Entities and their fields” and “Validation rules”), validated with the same
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
  const form = useForm<UserSaveInput, unknown, UserSave>({
    resolver: zodResolver(UserSave),
    mode: 'onTouched',
    defaultValues: toFormValues(user),
  });
  const { register, handleSubmit, formState, setValue, setError } = form;
  const values = useWatch({ control: form.control });
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  // A deleted user has this address: saving it again restores that user (forceUpdate on create,
  // administration specification, “Entities and their fields”).
  const [restoring, setRestoring] = useState<string>();
  const err = (name: FieldPath<UserSaveInput>) => message(form.getFieldState(name, formState).error?.message);

  const submit = handleSubmit(async (body) => {
    setServerErrors([]);
    try {
      await onSave(!user && restoring === body.eMail ? { ...body, forceUpdate: true } : body);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      const general: string[] = [];
      const params = error.problem?.['invalid-params'] ?? [];
      if (params.some((p) => p.reason === 'userDeleted')) setRestoring(body.eMail);
      for (const p of params) {
        if (FORM_FIELDS.has(p.name)) setError(p.name as FieldPath<UserSaveInput>, { message: p.reason });
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
                  value={values.hasGlobalAccess ? 'all' : 'own'}
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
                checked={!!values[flag]}
                onCheckedChange={(e) => setValue(flag, !!e.checked, { shouldDirty: true })}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(`admin.user.${flag}`)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </SimpleGrid>
        </Fieldset.Root>

        <ProfilesField
          form={form}
          brands={brands}
          error={err('parentProfiles') ?? err('defaultParentProfileId')}
        />

        <Flex gap="3">
          <Button type="submit" colorPalette="brand" loading={saving}>
            {t('admin.user.save')}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
