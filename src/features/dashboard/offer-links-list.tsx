import { Badge, Text } from '../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { OFFER_LINKS_DAYS, type Dashboard } from '../../domain/dashboard';
import { ListCard, ListCardRow } from './list-card';

const PALETTE = {
  sent: 'blue',
  opened: 'blue',
  accepted: 'green',
  declined: 'orange',
  expired: 'gray',
  withdrawn: 'gray',
} as const;

/** The offers sent to customers as links in the last 30 days, newest step first, and their answers. */
export function OfferLinksList({ list }: { list: Dashboard['offerLinks'] }) {
  const { t } = useTranslation();
  return (
    <ListCard
      title={t('dashboard.offerLinks')}
      total={list.total}
      empty={t('dashboard.offerLinksEmpty', { days: OFFER_LINKS_DAYS })}
      testId="dashboard-offer-links"
      rows={list.items.map((item) => (
        <ListCardRow
          key={`${item.calculationVariantId}:${item.at}`}
          ids={item}
          customerName={item.customerName}
          at={item.at}
        >
          <Badge size="sm" mt="1" colorPalette={PALETTE[item.state]} data-state={item.state}>
            {t(`dashboard.offerLinkState.${item.state}`, {
              months: t('calculation.results.months', { count: item.acceptedPeriod ?? 0 }),
            })}
          </Badge>
          {item.state === 'declined' && item.declineReason && (
            <Text fontSize="sm" color="fg.muted" lineClamp={2} mt="1">
              {item.declineReason}
            </Text>
          )}
        </ListCardRow>
      ))}
    />
  );
}
