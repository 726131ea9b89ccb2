import { Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme/recipes/dialog';
import { useState, type ReactNode } from 'react';

/**
 * A sheet fills a phone's screen and is a card from `md` up. Chakra's `full` size sets a full
 * height, square corners and no margin that a larger size at `md` does not undo: without the
 * content's own values, a tablet or desktop shows the card as a full-height strip.
 */
const SHEET_CONTENT = {
  minH: { base: '100dvh', md: 'auto' },
  borderRadius: { base: '0', md: 'l3' },
  css: { '--dialog-margin': { base: '0', md: 'var(--dialog-base-margin)' } },
} as const;

/** What each layout sets on the dialog's root, positioner and content. */
const LAYOUTS = {
  card: { root: {}, positioner: {}, content: {} },
  centred: { root: { placement: 'center' }, positioner: { px: '4' }, content: {} },
  form: { root: { placement: 'center', size: 'sm' }, positioner: { px: '4' }, content: {} },
  sheet: { root: { size: { base: 'full', md: 'md' } }, positioner: {}, content: SHEET_CONTENT },
  'wide sheet': {
    root: { size: { base: 'full', md: 'lg' }, scrollBehavior: 'inside' },
    positioner: {},
    content: SHEET_CONTENT,
  },
} as const;

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
  layout?: keyof typeof LAYOUTS;
  testId?: string;
  /** The element focused when it opens (else the first focusable one). */
  initialFocus?: () => HTMLElement | null;
  children: ReactNode;
}) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  if (!mounted) return null;
  const { root, positioner, content } = LAYOUTS[layout];
  return (
    <Dialog.Root
      recipe={dialogSlotRecipe}
      open={open}
      onOpenChange={(e) => !e.open && onClose?.()}
      onExitComplete={() => setMounted(false)}
      closeOnEscape={onClose !== undefined}
      closeOnInteractOutside={onClose !== undefined}
      role={alert ? 'alertdialog' : 'dialog'}
      initialFocusEl={initialFocus}
      {...root}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner {...positioner}>
          <Dialog.Content {...content} data-testid={testId}>
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
