import {
  Badge,
  Box,
  Card,
  Flex,
  Heading,
  Link as ChakraLink,
  Stack,
  Text,
  VisuallyHidden,
} from '../../client/ui/chakra';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StateBadge } from '../../client/ui/state-badge';
import {
  ACTION_KIND_NAMES,
  ACTION_KINDS,
  type ActionKind,
  type Dashboard,
  type DashboardActionList,
} from '../../domain/dashboard';
import { listHref } from './category-counts';
import { useFormat } from '../../client/format/format';
import { OfferLinksList } from './offer-links-list';

const editorPath = (i: { calculationSetId: string; calculationVariantId: string }) =>
  `/calculations/${i.calculationSetId}/${i.calculationVariantId}`;

function ActionList({ kind, list }: { kind: ActionKind; list: DashboardActionList }) {
  const { t } = useTranslation();
  const headingId = useId();
  const format = useFormat();
  return (
    <Card.Root
      as="section"
      variant="outline"
      aria-labelledby={headingId}
      data-testid={`dashboard-actions-${kind}`}
    >
      <Card.Header pb="2">
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h3" size="md" id={headingId}>
            {t(`dashboard.actions.${kind}`)}
          </Heading>
          <Badge variant="subtle" colorPalette={list.total > 0 ? 'brand' : 'gray'} aria-hidden="true">
            {list.total}
          </Badge>
          <VisuallyHidden>{t('calculationList.count', { count: list.total })}</VisuallyHidden>
        </Flex>
      </Card.Header>
      <Card.Body pt="0" gap="3">
        {list.items.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {t(`dashboard.actionsEmpty.${kind}`)}
          </Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="0" mx="-2">
            {list.items.map((item) => (
              <li key={item.calculationSetId}>
                <Box
                  asChild
                  display="block"
                  px="2"
                  py="2"
                  rounded="l2"
                  _hover={{ bg: 'bg.muted' }}
                  focusRingColor="brand.focusRing"
                >
                  <Link to={editorPath(item)}>
                    <Flex justify="space-between" align="baseline" gap="2">
                      <Text fontWeight="medium" color="brand.fg" truncate minW="0">
                        {item.customerName || t('quickSearch.noName')}
                      </Text>
                      <Text as="span" fontSize="xs" color="fg.muted" flexShrink={0}>
                        <time dateTime={item.lastEdited}>{format.dayOf(item.lastEdited)}</time>
                      </Text>
                    </Flex>
                    <StateBadge state={item.state} size="sm" mt="1" />
                  </Link>
                </Box>
              </li>
            ))}
          </Stack>
        )}
        {list.total > list.items.length && (
          <ChakraLink asChild fontSize="sm" color="brand.fg" alignSelf="flex-start">
            <Link to={listHref(ACTION_KINDS[kind])}>{t('dashboard.showAll', { count: list.total })}</Link>
          </ChakraLink>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The calculations waiting for the user (missing information, ready to sign, awaiting signature)
 * and the customers' answers to the offer links.
 */
export function ActionLists({
  actionItems,
  offerLinks,
}: {
  actionItems: Dashboard['actionItems'];
  /** Absent from a start screen kept on the device by an older version. */
  offerLinks?: Dashboard['offerLinks'];
}) {
  return (
    <Box display="grid" gridTemplateColumns="repeat(auto-fit, minmax(min(100%, 18rem), 1fr))" gap="5">
      {ACTION_KIND_NAMES.map((kind) => (
        <ActionList key={kind} kind={kind} list={actionItems[kind]} />
      ))}
      {offerLinks && <OfferLinksList list={offerLinks} />}
    </Box>
  );
}
