import { Button, Dialog, Portal, Text, dialogSlotRecipe } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';

/** Asks before an attachment is deleted; nothing happens until the user confirms. */
export function ConfirmDeleteDialog({
  name,
  pending,
  onConfirm,
  onCancel,
}: {
  /** The file to delete; the dialog is open while it is set. */
  name: string | undefined;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={name !== undefined}
      onOpenChange={(e) => !e.open && onCancel()}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('documents.confirmDelete.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text wordBreak="break-word">{t('documents.confirmDelete.text', { name })}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {t('documents.confirmDelete.cancel')}
              </Button>
              <Button colorPalette="red" loading={pending} onClick={onConfirm} data-testid="confirm-delete">
                {t('documents.confirmDelete.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
