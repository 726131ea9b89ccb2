import { Button, Dialog, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DialogShell } from './dialog-shell';

/** A question that blocks until answered: the blocking dialog, the version conflict, deletion. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  cancel,
  danger,
  pending,
  confirmTestId,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  cancel?: string;
  danger?: boolean;
  /** The answer is being carried out: the confirm button shows it is busy. */
  pending?: boolean;
  confirmTestId?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DialogShell open={open} onClose={onCancel} title={title} alert layout="centred">
      <Dialog.Body>
        <Text wordBreak="break-word">{text}</Text>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel}>
          {cancel ?? t('common.cancel', { defaultValue: t('calculation.cancel') })}
        </Button>
        <Button
          colorPalette={danger ? 'red' : 'brand'}
          loading={pending}
          onClick={onConfirm}
          data-testid={confirmTestId}
        >
          {confirm}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
