import { Card, SimpleGrid, Text } from '../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  colourOf,
  STATE_CATEGORIES,
  type CalculationState,
  type ColourGroup,
  type StateCategory,
} from '../../domain/calculation/states';
import { CATEGORY_NAMES, type Dashboard } from '../../domain/dashboard';
import { useFormat } from '../../client/format/format';

/** The calculation list filtered by states, as its address reads them (`states` repeated). */
export function listHref(states: readonly CalculationState[]): string {
  const query = new URLSearchParams(states.map((s) => ['states', s]));
  return `/calculations?${query.toString()}`;
}

/** A category's colour: the colour group most of its states have (Approval is mostly yellow). */
export function categoryColour(category: StateCategory): ColourGroup {
  const tally = new Map<ColourGroup, number>();
  for (const s of STATE_CATEGORIES[category]) tally.set(colourOf(s), (tally.get(colourOf(s)) ?? 0) + 1);
  return [...tally.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

const STRIPE: Record<ColourGroup, string> = {
  blue: 'blue.500',
  yellow: 'yellow.400',
  green: 'green.500',
  gray: 'gray.400',
};

/** One card per state category with its count; each opens the list filtered to its states. */
export function CategoryCounts({ counts }: { counts: Dashboard['counts'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <SimpleGrid as="ul" columns={{ base: 2, md: 4 }} gap="4" listStyleType="none">
      {CATEGORY_NAMES.map((category) => {
        const name = t(`states.categories.${category}`);
        return (
          <li key={category}>
            <Card.Root
              asChild
              variant="outline"
              h="full"
              borderTopWidth="4px"
              borderTopColor={STRIPE[categoryColour(category)]}
              _hover={{ shadow: 'md', borderColor: 'brand.emphasized' }}
              transition="box-shadow 0.15s"
            >
              <Link to={listHref(STATE_CATEGORIES[category])} data-testid={`dashboard-count-${category}`}>
                <Card.Body gap="1" p={{ base: '3', md: '4' }}>
                  <Text fontSize="sm" color="fg.muted">
                    {name}
                  </Text>
                  <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="semibold" lineHeight="1.1">
                    {format.number(counts[category])}
                  </Text>
                  {/* The link's name starts with what it shows (WCAG 2.5.3), then says what it does. */}
                  <Text srOnly>{t('dashboard.categoryLinkHint', { count: counts[category] })}</Text>
                </Card.Body>
              </Link>
            </Card.Root>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
