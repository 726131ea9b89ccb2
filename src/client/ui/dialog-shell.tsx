import { Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme/recipes/dialog';
import { useState, type ReactNode } from 'react';
import { phoneSheet } from './dialog-layout';

/**
 * The portal's dialog frame: the backdrop, the card and its title. Its children are the card's
 * `Dialog.Body` and `Dialog.Footer`. A dialog is mounted from its opening until its closing
 * animation ends: a page keeps several at hand, and a closed dialog's machinery would re-render
 * with every change of the page.
 */
export function DialogShell({
  open = true,
  onClose,
  title,
  alert,
  layout = 'card',
  testId,
  initialFocus,
  children,
}: {
  /** Whether it shows; a dialog rendered only while needed leaves it out. */
  open?: boolean;
  /** Escape, a click beside the card: the dialog asks to close. Without it, it cannot be dismissed. */
  onClose?: () => void;
  title: ReactNode;
  /** A question the user must answer before going on (announced as an alert dialog). */
  alert?: boolean;
  /**
   * card: Chakra's card at the top; centred: a small question in the middle; form: a small form
   * in the middle; sheet: fills a phone's screen, a card from `md` up; wide sheet: the same, wider,
   * its body scrolling.
   */
  layout?: 'card' | 'centred' | 'form' | 'sheet' | 'wide sheet';
  testId?: string;
  /** The element focused when it opens (else the first focusable one). */
  initialFocus?: () => HTMLElement | null;
  children: ReactNode;
}) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  if (!mounted) return null;
  const sheet = layout === 'sheet' || layout === 'wide sheet';
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(e) => !e.open && onClose?.()}
      onExitComplete={() => setMounted(false)}
      closeOnEscape={onClose !== undefined}
      closeOnInteractOutside={onClose !== undefined}
      role={alert ? 'alertdialog' : 'dialog'}
      {...(layout === 'centred' || layout === 'form' ? { placement: 'center' as const } : {})}
      {...(layout === 'form' ? { size: 'sm' as const } : {})}
      {...(sheet
        ? { size: layout === 'wide sheet' ? { ...phoneSheet.size, md: 'lg' } : phoneSheet.size }
        : {})}
      {...(layout === 'wide sheet' ? { scrollBehavior: 'inside' as const } : {})}
      {...(initialFocus ? { initialFocusEl: initialFocus } : {})}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner {...(layout === 'centred' || layout === 'form' ? { px: '4' } : {})}>
          <Dialog.Content {...(sheet ? phoneSheet.content : {})} data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
