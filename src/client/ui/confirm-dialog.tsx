import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme/recipes/dialog';
import { useTranslation } from 'react-i18next';

/** A question that blocks until answered: the blocking dialog, the version conflict, deletion. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  cancel,
  danger,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  cancel?: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(e) => !e.open && onCancel()}
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{text}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {cancel ?? t('common.cancel', { defaultValue: t('calculation.cancel') })}
              </Button>
              <Button colorPalette={danger ? 'red' : 'brand'} onClick={onConfirm}>
                {confirm}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
