import { Badge, Box, Card, Flex, Heading, Stack, Text, VisuallyHidden } from '../../client/ui/chakra';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormat } from '../../client/format/format';

/**
 * A start-screen card of calculations: its heading with the count, the rows (or what an empty
 * list means) and what follows them (a link to all).
 */
export function ListCard({
  title,
  total,
  empty,
  testId,
  rows,
  footer,
}: {
  title: string;
  total: number;
  empty: string;
  testId: string;
  rows: ReactNode[];
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card.Root as="section" variant="outline" aria-labelledby={headingId} data-testid={testId}>
      <Card.Header pb="2">
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h3" size="md" id={headingId}>
            {title}
          </Heading>
          <Badge variant="subtle" colorPalette={total > 0 ? 'brand' : 'gray'} aria-hidden="true">
            {total}
          </Badge>
          <VisuallyHidden>{t('calculationList.count', { count: total })}</VisuallyHidden>
        </Flex>
      </Card.Header>
      <Card.Body pt="0" gap="3">
        {rows.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {empty}
          </Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="0" mx="-2">
            {rows}
          </Stack>
        )}
        {footer}
      </Card.Body>
    </Card.Root>
  );
}

/** One row: the customer and the day, what the row is about below, leading to the calculation. */
export function ListCardRow({
  ids,
  customerName,
  at,
  children,
}: {
  ids: { calculationSetId: string; calculationVariantId: string };
  customerName: string;
  /** ISO time of the row's last step. */
  at: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li>
      <Box
        asChild
        display="block"
        px="2"
        py="2"
        rounded="l2"
        _hover={{ bg: 'bg.muted' }}
        focusRingColor="brand.focusRing"
      >
        <Link to={`/calculations/${ids.calculationSetId}/${ids.calculationVariantId}`}>
          <Flex justify="space-between" align="baseline" gap="2">
            <Text fontWeight="medium" color="brand.fg" truncate minW="0">
              {customerName || t('quickSearch.noName')}
            </Text>
            <Text as="span" fontSize="xs" color="fg.muted" flexShrink={0}>
              <time dateTime={at}>{format.dayOf(at)}</time>
            </Text>
          </Flex>
          {children}
        </Link>
      </Box>
    </li>
  );
}
