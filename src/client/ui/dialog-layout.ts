/**
 * A dialog that fills a phone's screen and is a card from `md` up. Chakra's `full` size sets a
 * full height, square corners and no margin that a larger size at `md` does not undo: without
 * this, a tablet or desktop shows the card as a full-height strip.
 */
export const phoneSheet = {
  size: { base: 'full', md: 'md' },
  content: {
    minH: { base: '100dvh', md: 'auto' },
    borderRadius: { base: '0', md: 'l3' },
    css: { '--dialog-margin': { base: '0', md: 'var(--dialog-base-margin)' } },
  },
} as const;
