import { Box, createToaster, Toast, Toaster, Stack } from '@chakra-ui/react';
import { toastSlotRecipe } from '@chakra-ui/react/theme/recipes/toast';
import { useTranslation } from 'react-i18next';
import type { Notification } from './notify';

/** The toast machinery; loaded by notify.ts with the first notification, not with the shell. */
// Below the header, so that a notice never hides the connection state and the pending count.
export const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  max: 4,
  offsets: { top: '4.5rem', right: '1rem', bottom: '1rem', left: '1rem' },
});

export function show(n: Notification): string {
  return toaster.create({
    ...(n.id ? { id: n.id } : {}),
    title: n.title,
    description: n.description,
    type: n.type ?? 'info',
    duration: n.duration ?? (n.type === 'error' || n.action ? Infinity : 6000),
    action: n.action,
    meta: { correlationId: n.correlationId },
  });
}

export default function Notifications() {
  const { t } = useTranslation();
  return (
    <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        <Toast.Root recipe={toastSlotRecipe} width={{ md: 'sm' }}>
          <Toast.Indicator />
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
            {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
            {typeof toast.meta?.correlationId === 'string' && (
              <Box
                fontSize="xs"
                color="inherit"
                opacity={0.9}
                overflowWrap="anywhere"
                data-testid="correlation-id"
              >
                {t('notifications.correlationId', { id: toast.meta.correlationId })}
              </Box>
            )}
          </Stack>
          {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
          <Toast.CloseTrigger aria-label={t('notifications.close')} />
        </Toast.Root>
      )}
    </Toaster>
  );
}
