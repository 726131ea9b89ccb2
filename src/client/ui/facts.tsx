import { Box, Card, Grid, Heading, Text } from '@chakra-ui/react';
import { cardSlotRecipe } from '@chakra-ui/react/theme/recipes/card';
import { useId, type ReactNode } from 'react';

/** A titled block of a detail page (a landmark of its own for screen readers), with an optional aside. */
export function Section({
  title,
  children,
  testId,
  aside,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  aside?: ReactNode;
}) {
  const id = useId();
  return (
    <Card.Root
      recipe={cardSlotRecipe}
      variant="outline"
      as="section"
      aria-labelledby={id}
      data-testid={testId}
    >
      <Card.Header
        flexDirection="row"
        justifyContent="space-between"
        alignItems="center"
        gap="3"
        flexWrap="wrap"
      >
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        {aside}
      </Card.Header>
      <Card.Body gap="3">{children}</Card.Body>
    </Card.Root>
  );
}

/** Label and value pairs (a description list), side by side from a small width on. */
export function Facts({ children }: { children: ReactNode }) {
  return (
    <Grid
      as="dl"
      templateColumns={{ base: '1fr', sm: 'minmax(7rem, 40%) 1fr' }}
      columnGap="4"
      rowGap={{ base: '1', sm: '3' }}
      m="0"
    >
      {children}
    </Grid>
  );
}

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Text as="dt" fontSize="sm" color="fg.muted" mt={{ base: '2', sm: '0' }}>
        {label}
      </Text>
      <Box as="dd" m="0" fontSize="sm" wordBreak="break-word" data-testid={testId}>
        {children}
      </Box>
    </>
  );
}
