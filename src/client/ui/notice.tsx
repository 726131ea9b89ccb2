import { Alert, Button, CloseButton } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An on-page notification: a headline, optional content, an optional primary button and the
 * correlation id of the call it is about (portal specification, “Screens and routes”). With
 * `onClose` it is the closable tile notification; the user-feedback notification is the toast of
 * `notify` (notify.tsx), which carries the same parts.
 */
export function Notice({
  status,
  title,
  children,
  correlationId,
  action,
  onClose,
  role,
  testId,
}: {
  status: 'info' | 'success' | 'warning' | 'error';
  title: string;
  children?: ReactNode;
  correlationId?: string;
  action?: { label: string; onClick: () => void; loading?: boolean };
  onClose?: () => void;
  /** `alert` where the notice answers the user's own step, so that it is read out at once. */
  role?: 'alert';
  testId?: string;
}) {
  const { t } = useTranslation();
  // A headline alone sits on the close button's middle line (44 px tall on touch screens).
  const oneLine = !children && !correlationId && !action;
  return (
    <Alert.Root
      status={status}
      role={role}
      data-testid={testId}
      alignItems={oneLine ? 'center' : 'flex-start'}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children && <Alert.Description>{children}</Alert.Description>}
        {correlationId && (
          // A reference is one long word: it breaks rather than leave the notice on a phone.
          <Alert.Description fontSize="xs" overflowWrap="anywhere">
            {t('notifications.correlationId', { id: correlationId })}
          </Alert.Description>
        )}
        {action && (
          <Button
            size="sm"
            colorPalette="brand"
            alignSelf="flex-start"
            mt="2"
            loading={action.loading}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        )}
      </Alert.Content>
      {onClose && (
        <CloseButton
          size="sm"
          my={oneLine ? '-2' : '-1'}
          me="-2"
          aria-label={t('notifications.close')}
          onClick={onClose}
        />
      )}
    </Alert.Root>
  );
}

/**
 * Whether the notice about `about` was closed: closing hides it until what it is about changes
 * (another period above the usual one, another failure), then it shows again.
 */
export function useClosed(about: string | undefined): [closed: boolean, close: () => void] {
  const [closedAbout, setClosedAbout] = useState<string>();
  return [about !== undefined && closedAbout === about, () => setClosedAbout(about)];
}
