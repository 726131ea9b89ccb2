import { Badge, Box, Card, Flex, Heading, Stack, Text, VisuallyHidden } from '../../client/ui/chakra';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFormat } from '../../client/format/format';
import { OFFER_LINKS_DAYS, type Dashboard } from '../../domain/dashboard';

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
  const headingId = useId();
  const format = useFormat();
  return (
    <Card.Root as="section" variant="outline" aria-labelledby={headingId} data-testid="dashboard-offer-links">
      <Card.Header pb="2">
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h3" size="md" id={headingId}>
            {t('dashboard.offerLinks')}
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
            {t('dashboard.offerLinksEmpty', { days: OFFER_LINKS_DAYS })}
          </Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="0" mx="-2">
            {list.items.map((item) => (
              <li key={`${item.calculationVariantId}:${item.at}`}>
                <Box
                  asChild
                  display="block"
                  px="2"
                  py="2"
                  rounded="l2"
                  _hover={{ bg: 'bg.muted' }}
                  focusRingColor="brand.focusRing"
                >
                  <Link to={`/calculations/${item.calculationSetId}/${item.calculationVariantId}`}>
                    <Flex justify="space-between" align="baseline" gap="2">
                      <Text fontWeight="medium" color="brand.fg" truncate minW="0">
                        {item.customerName || t('quickSearch.noName')}
                      </Text>
                      <Text as="span" fontSize="xs" color="fg.muted" flexShrink={0}>
                        <time dateTime={item.at}>{format.dayOf(item.at)}</time>
                      </Text>
                    </Flex>
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
                  </Link>
                </Box>
              </li>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
