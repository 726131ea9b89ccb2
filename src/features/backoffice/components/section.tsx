import { Card, DataList, Heading } from '@chakra-ui/react';
import { cardSlotRecipe } from '@chakra-ui/react/theme/recipes/card';
import { dataListSlotRecipe } from '@chakra-ui/react/theme/recipes/data-list';
import { useId, type ReactNode } from 'react';

/** A titled block of the request page (a landmark of its own for screen readers). */
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

/** Label and value pairs (a description list), side by side from tablet width. */
export function Facts({ children }: { children: ReactNode }) {
  return (
    <DataList.Root
      recipe={dataListSlotRecipe}
      orientation={{ base: 'vertical', sm: 'horizontal' }}
      size="sm"
      gap="3"
    >
      {children}
    </DataList.Root>
  );
}

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <DataList.Item data-testid={testId}>
      <DataList.ItemLabel minW={{ sm: '40' }}>{label}</DataList.ItemLabel>
      <DataList.ItemValue wordBreak="break-word">{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
