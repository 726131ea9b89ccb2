import { Alert, Button, Heading, HStack, Stack, Text } from '../../../client/ui/chakra';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../../../client/auth/session';
import { clearFor, keptFor } from '../../../client/offline/kept';
import { currentOwner } from '../../../client/offline/owner';

/**
 * /sign-out: with drafts or unsent changes on this device, the user chooses to keep them for
 * their next sign-in here or to clear them (docs/offline.md); without any, sign-out goes on at once.
 * Another user of the same device never sees them either way.
 */
export function SignOutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kept, setKept] = useState<{ drafts: number; waiting: number }>();
  const owner = currentOwner();

  useEffect(() => {
    if (!owner) {
      void signOut();
      return;
    }
    void keptFor(owner).then((k) => {
      if (k.drafts + k.waiting === 0) void signOut();
      else setKept(k);
    });
  }, [owner]);

  if (!kept) return null;
  return (
    <Stack gap="5" maxW="2xl">
      <Heading as="h1" size="2xl">
        {t('signOut.title')}
      </Heading>
      <Text>
        {t('signOut.kept', {
          drafts: t('signOut.drafts', { count: kept.drafts }),
          waiting: t('signOut.waiting', { count: kept.waiting }),
        })}
      </Text>
      {kept.waiting > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('signOut.waitingWarning', { count: kept.waiting })}</Alert.Title>
        </Alert.Root>
      )}
      <HStack wrap="wrap" gap="3">
        <Button colorPalette="brand" onClick={() => void signOut()}>
          {t('signOut.keep')}
        </Button>
        <Button
          variant="outline"
          colorPalette="red"
          onClick={() => void (owner ? clearFor(owner) : Promise.resolve()).then(() => signOut())}
        >
          {t('signOut.clear')}
        </Button>
        <Button variant="ghost" onClick={() => void navigate(-1)}>
          {t('calculation.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}

export const Component = SignOutPage;
