import { Box, Link as ChakraLink } from '../../client/ui/chakra';
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
import { ListCard, ListCardRow } from './list-card';
import { OfferLinksList } from './offer-links-list';

function ActionList({ kind, list }: { kind: ActionKind; list: DashboardActionList }) {
  const { t } = useTranslation();
  return (
    <ListCard
      title={t(`dashboard.actions.${kind}`)}
      total={list.total}
      empty={t(`dashboard.actionsEmpty.${kind}`)}
      testId={`dashboard-actions-${kind}`}
      rows={list.items.map((item) => (
        <ListCardRow
          key={item.calculationSetId}
          ids={item}
          customerName={item.customerName}
          at={item.lastEdited}
        >
          <StateBadge state={item.state} size="sm" mt="1" />
        </ListCardRow>
      ))}
      footer={
        list.total > list.items.length && (
          <ChakraLink asChild fontSize="sm" color="brand.fg" alignSelf="flex-start">
            <Link to={listHref(ACTION_KINDS[kind])}>{t('dashboard.showAll', { count: list.total })}</Link>
          </ChakraLink>
        )
      }
    />
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
