import { Box, Text } from '../../../client/ui/chakra';
import type { ReactNode } from 'react';

/**
 * One accordion entry: native details/summary, so it opens with the keyboard and without script.
 * `media` (a screenshot) follows the text.
 */
export function Disclosure({
  summary,
  children,
  media,
}: {
  summary: ReactNode;
  children: ReactNode;
  media?: ReactNode;
}) {
  return (
    <Box
      as="details"
      borderBottomWidth="1px"
      py="3"
      // The closed marker points to the inline end (mirrored right to left); open, it points down.
      css={{
        '&[open] > summary::before': { transform: 'rotate(90deg)' },
        '[dir=rtl] &:not([open]) > summary::before': { transform: 'scaleX(-1)' },
      }}
    >
      <Box
        as="summary"
        cursor="pointer"
        fontWeight="medium"
        display="flex"
        gap="2"
        alignItems="baseline"
        css={{
          listStyle: 'none',
          '&::-webkit-details-marker': { display: 'none' },
          '&::before': {
            content: '"›"',
            transition: 'transform 0.15s',
            display: 'inline-block',
            color: 'var(--chakra-colors-brand-fg)',
          },
        }}
      >
        {summary}
      </Box>
      <Text mt="2" ps="4" color="fg.muted" whiteSpace="pre-line">
        {children}
      </Text>
      {media && (
        <Box mt="3" ps="4">
          {media}
        </Box>
      )}
    </Box>
  );
}
