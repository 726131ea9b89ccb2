import { Box, Spinner, Text, VStack } from '@chakra-ui/react';
import { useIsMutating, useMutationState } from '@tanstack/react-query';
import { PROCESS_CALL } from '../calculation/process-key';
import { useTranslation } from 'react-i18next';

/** Covers the page while a blocking backend call runs, with an optional message. */
export function LoadingOverlay({ show, message }: { show: boolean; message?: string }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <Box
      position="fixed"
      inset="0"
      zIndex="overlay"
      bg="blackAlpha.300"
      display="grid"
      placeItems="center"
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      <VStack bg="bg.panel" px="8" py="6" rounded="l3" shadow="lg" gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text>{message ?? t('app.loading')}</Text>
      </VStack>
    </Box>
  );
}

/**
 * The overlay for writes in flight (mutations block; reads show their own loading states). A
 * step of the process says what it does (“Generating the contract…”, keys `app.overlay.{action}`).
 */
export function MutationOverlay() {
  const { t, i18n } = useTranslation();
  const running = useIsMutating();
  const actions = useMutationState({
    filters: { mutationKey: PROCESS_CALL, status: 'pending' },
    select: (m) => (m.state.variables as { action?: { name?: string } } | undefined)?.action?.name,
  });
  const named = actions.find((name) => name && i18n.exists(`app.overlay.${name}`));
  return <LoadingOverlay show={running > 0} message={named ? t(`app.overlay.${named}`) : undefined} />;
}
