import { Badge, Box, Button, Field, NativeSelect, Stack, Text } from '../../../client/ui/chakra';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { changeLocale, currentLocale } from '../../../client/i18n/i18n';
import { hasUnsavedChanges } from '../../../client/unsaved';
import { SignOutIcon } from '../../../client/ui/icons';
import { supportedLocale } from '../../../domain/locales';
import type { AccountProfile } from '../../../domain/session';
import { useMyUsers } from '../../../client/profile/queries';
import { selectProfile } from '../../../client/profile/selection';
import { languageName } from '../../../client/format/format';

/**
 * The sidebar's profile area (administration specification, “Screens and routes”): greeting with name and partner id, a user
 * selector when there is more than one user, a brand selector or a plain label, the language
 * selector and sign-out. Changing user or brand returns to the start screen (and `onSwitch`
 * closes the menu drawer it may sit in).
 */
export function ProfileArea({ profile, onSwitch }: { profile: AccountProfile; onSwitch?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const users = useMyUsers().data ?? [];

  // The editor keeps unsaved work per brand (drafts), so a switch loses nothing.
  const switchTo = (userProfileId: string) => {
    selectProfile(userProfileId);
    void queryClient.invalidateQueries();
    void navigate('/');
    onSwitch?.();
  };

  const brands = profile.availableBrands;
  const selectedBrand = brands.find((b) => b.userProfileId === profile.selectedUserProfileId);
  // The partner's own languages (administration specification: chosen per company), and the one in use.
  const current = currentLocale();
  const languages = [
    ...new Set([...profile.availableLanguages.map((l) => supportedLocale(l.isoCode)), current]),
  ];
  const regionNeeded = (l: string) => languages.filter((o) => o.slice(0, 2) === l.slice(0, 2)).length > 1;

  return (
    <Stack gap="4" data-testid="profile-area">
      <Box>
        <Text fontWeight="semibold" fontSize="lg" data-testid="greeting">
          {t('shell.greeting', { name: `${profile.firstName} ${profile.lastName}` })}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('shell.partnerId', { id: profile.businessPartnerId })}
        </Text>
      </Box>

      {users.length > 1 && (
        <Field.Root>
          <Field.Label>{t('shell.user')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              aria-label={t('shell.user')}
              value={profile.userId}
              onChange={(e) => {
                const user = users.find((u) => u.userId === e.currentTarget.value);
                if (user) switchTo(user.defaultUserProfileId);
              }}
            >
              {users.map((u) => (
                <option key={u.userId} value={u.userId}>
                  {u.businessPartnerName} · {u.branchName}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}

      <Field.Root>
        <Field.Label>{t('shell.brand')}</Field.Label>
        {brands.length > 1 ? (
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              aria-label={t('shell.brand')}
              value={profile.selectedUserProfileId}
              onChange={(e) => switchTo(e.currentTarget.value)}
            >
              {brands.map((b) => (
                <option key={b.userProfileId} value={b.userProfileId}>
                  {b.name}
                  {b.status === 'readOnly' ? ` (${t('shell.readOnly')})` : ''}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          <Text fontSize="sm" data-testid="brand-label">
            {selectedBrand?.name}
          </Text>
        )}
        {selectedBrand?.status === 'readOnly' && (
          <Badge colorPalette="orange" mt="1">
            {t('shell.readOnly')}
          </Badge>
        )}
      </Field.Root>

      <Field.Root>
        <Field.Label>{t('shell.language')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label={t('shell.language')}
            value={current}
            onChange={(e) => {
              // The editor keeps its inputs across a language switch, but the user should know.
              if (!hasUnsavedChanges() || window.confirm(t('shell.unsavedLocaleChange')))
                void changeLocale(supportedLocale(e.currentTarget.value));
              else e.currentTarget.value = current;
            }}
          >
            {languages.map((l) => (
              <option key={l} value={l} lang={l}>
                {languageName(l, regionNeeded(l))}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>

      <Button
        variant="outline"
        size="sm"
        onClick={() => void navigate('/sign-out')}
        justifyContent="flex-start"
      >
        <SignOutIcon /> {t('shell.signOut')}
      </Button>
    </Stack>
  );
}
