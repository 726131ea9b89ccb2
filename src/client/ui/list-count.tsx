import { Box, Text } from '@chakra-ui/react';

/**
 * A list's count under its heading ("12 calculations"). Its line is kept while the list loads,
 * so nothing below it moves when the count arrives.
 */
export function ListCount({ text }: { text: string | undefined }) {
  return (
    <Box minH="5">
      {text !== undefined && (
        <Text fontSize="sm" color="fg.muted" data-testid="list-count" aria-live="polite">
          {text}
        </Text>
      )}
    </Box>
  );
}
