import { Card, Heading } from '../../../client/ui/chakra';
import type { ReactNode } from 'react';

/** One tile of the calculation page (portal specification, “Screens and routes”). */
export function Tile({
  title,
  id,
  children,
  span,
}: {
  title: string;
  id: string;
  children: ReactNode;
  span?: boolean;
}) {
  return (
    <Card.Root
      as="section"
      aria-labelledby={`${id}-title`}
      gridColumn={span ? { base: 'auto', lg: 'span 2' } : undefined}
      data-testid={`tile-${id}`}
    >
      <Card.Header pb="0">
        <Heading as="h2" size="md" id={`${id}-title`}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap="4">{children}</Card.Body>
    </Card.Root>
  );
}
