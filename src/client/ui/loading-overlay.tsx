import { Box, Spinner, Text, VStack } from '@chakra-ui/react';
import { useIsMutating } from '@tanstack/react-query';
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

/** The overlay for writes in flight (mutations block; reads show their own loading states). */
export function MutationOverlay() {
  return <LoadingOverlay show={useIsMutating() > 0} />;
}
