import { Box, Button, Dialog, Heading, Stack, Text } from '../../../client/ui/chakra';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../../client/auth/session';
import type { AccountProfile } from '../../../domain/session';
import { useAcceptTerms } from '../api/mutations';
import { pendingTerms } from '../../../domain/terms';
import { postponeTerms } from '../terms';
import { DialogShell } from '../../../client/ui/dialog-shell';

/**
 * The terms dialog (administration specification, “Screens and routes”): accept, decline or accept later. Declining shows the
 * warning that the user will be signed out, with its choices: accept the terms of use (the terms
 * and conditions later), or log out. Only the terms still to be accepted are shown. The terms of
 * use cannot be put off (the server answers nothing before them); for the terms and conditions
 * alone "accept later" takes the place of declining. Loaded only for users who have something to accept.
 */
export default function TermsDialog({ profile, onLater }: { profile: AccountProfile; onLater: () => void }) {
  const { t } = useTranslation();
  const [declined, setDeclined] = useState(false);
  const accept = useAcceptTerms();
  const pending = pendingTerms(profile);
  const acceptAll = () => accept.mutate(pending.termsAndConditions ? 'all' : 'termsOfUse');
  const later = () => {
    postponeTerms();
    onLater();
  };
  // After declining: the terms of use now, the terms and conditions when a request needs them.
  const acceptTermsOfUse = () =>
    accept.mutate('termsOfUse', { onSuccess: () => pending.termsAndConditions && later() });

  return (
    <DialogShell
      alert
      layout="wide sheet"
      testId="terms-dialog"
      title={
        declined
          ? t('terms.declinedTitle')
          : t(pending.termsOfUse ? 'terms.title' : 'terms.termsAndConditions')
      }
    >
      <Dialog.Body>
        {declined ? (
          <Stack gap="3">
            <Text fontWeight="semibold">{t('terms.declinedMust')}</Text>
            <Text>{t('terms.declinedLogout')}</Text>
          </Stack>
        ) : (
          <Stack gap="5">
            <Text>{t('terms.intro')}</Text>
            {pending.termsOfUse && (
              <TermsText title={t('terms.termsOfUse')} text={t('terms.termsOfUseText')} />
            )}
            {pending.termsAndConditions && (
              <TermsText title={t('terms.termsAndConditions')} text={t('terms.termsAndConditionsText')} />
            )}
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap" gap="2">
        {declined ? (
          <>
            <Button variant="ghost" onClick={() => void signOut()}>
              {t('terms.logOut')}
            </Button>
            <Button colorPalette="brand" loading={accept.isPending} onClick={acceptTermsOfUse}>
              {t('terms.acceptTermsOfUse')}
            </Button>
          </>
        ) : (
          <>
            {pending.termsOfUse ? (
              <Button variant="ghost" onClick={() => setDeclined(true)}>
                {t('terms.decline')}
              </Button>
            ) : (
              <Button variant="outline" onClick={later}>
                {t('terms.later')}
              </Button>
            )}
            <Button colorPalette="brand" loading={accept.isPending} onClick={acceptAll}>
              {t('terms.accept')}
            </Button>
          </>
        )}
      </Dialog.Footer>
    </DialogShell>
  );
}

function TermsText({ title, text }: { title: string; text: string }) {
  return (
    <Box>
      <Heading as="h3" size="sm" mb="2">
        {title}
      </Heading>
      <Box
        maxH="48"
        overflowY="auto"
        borderWidth="1px"
        rounded="md"
        p="3"
        fontSize="sm"
        whiteSpace="pre-line"
        tabIndex={0}
      >
        {text}
      </Box>
    </Box>
  );
}
