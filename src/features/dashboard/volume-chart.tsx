import { Box, Card, Flex, Heading, Text, VisuallyHidden } from '../../client/ui/chakra';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardMonth } from '../../domain/dashboard';
import { dateTimeFormat, numberFormat } from '../../client/format/intl';

/** The first of a 'YYYY-MM' month, for Intl (formatted in UTC so the month never shifts). */
const firstOf = (month: string) => new Date(`${month}-01T00:00:00Z`);

/**
 * The volume of the last 12 months as bars (plain boxes, no chart library). For assistive
 * technology the bars are one image with a summary, and a hidden table gives every month.
 */
export function VolumeChart({ volume, currencyCode }: { volume: DashboardMonth[]; currencyCode: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const lang = i18n.language;
  const money = numberFormat(lang, { style: 'currency', currency: currencyCode });
  const rounded = numberFormat(lang, {
    style: 'currency',
    currency: currencyCode,
    maximumFractionDigits: 0,
  });
  const compact = numberFormat(lang, {
    style: 'currency',
    currency: currencyCode,
    notation: 'compact',
    maximumSignificantDigits: 3,
  });
  const longMonth = dateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const shortMonth = dateTimeFormat(lang, { month: 'short', timeZone: 'UTC' });
  const narrowMonth = dateTimeFormat(lang, { month: 'narrow', timeZone: 'UTC' });

  const max = Math.max(0, ...volume.map((v) => v.amount));
  const total = volume.reduce((sum, v) => sum + v.amount, 0);
  const count = volume.reduce((sum, v) => sum + v.count, 0);
  const peak = volume.reduce((best, v) => (v.amount > best.amount ? v : best), volume[0]!);
  const range = {
    from: longMonth.format(firstOf(volume[0]!.month)),
    to: longMonth.format(firstOf(volume[volume.length - 1]!.month)),
  };
  const summary =
    total > 0
      ? t('dashboard.volume.summary', {
          ...range,
          total: rounded.format(total),
          count,
          peakMonth: longMonth.format(firstOf(peak.month)),
          peakAmount: rounded.format(peak.amount),
        })
      : t('dashboard.volume.summaryEmpty', range);
  const barTitle = (v: DashboardMonth) =>
    `${longMonth.format(firstOf(v.month))}: ${money.format(v.amount)} (${t('calculationList.count', { count: v.count })})`;

  return (
    <Card.Root as="section" variant="outline" aria-labelledby={headingId} data-testid="dashboard-volume">
      <Card.Header pb="2">
        <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
          <Heading as="h3" size="md" id={headingId}>
            {t('dashboard.volume.title')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('dashboard.volume.total', { total: rounded.format(total), count })}
          </Text>
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        <Box role="img" aria-label={summary}>
          <Flex justify="space-between" fontSize="xs" color="fg.muted" mb="1" aria-hidden="true">
            <span>{compact.format(max)}</span>
          </Flex>
          <Flex
            h={{ base: '36', md: '44' }}
            align="stretch"
            gap={{ base: '1', md: '2' }}
            borderTopWidth="1px"
            borderTopStyle="dashed"
            borderBottomWidth="1px"
            borderColor="border"
          >
            {volume.map((v, k) => {
              const current = k === volume.length - 1;
              const height = max > 0 ? (v.amount / max) * 100 : 0;
              return (
                <Flex
                  key={v.month}
                  flex="1"
                  direction="column"
                  justify="flex-end"
                  title={barTitle(v)}
                  data-testid="volume-bar"
                  data-month={v.month}
                >
                  <Box
                    h={`${height}%`}
                    minH={v.amount > 0 ? '2px' : '0'}
                    bg={current ? 'brand.solid' : 'brand.300'}
                    roundedTop="sm"
                    transition="height 0.3s"
                  />
                </Flex>
              );
            })}
          </Flex>
          <Flex gap={{ base: '1', md: '2' }} mt="1" aria-hidden="true">
            {volume.map((v) => (
              <Text key={v.month} flex="1" minW="0" textAlign="center" fontSize="xs" color="fg.muted">
                <Box as="span" display={{ base: 'inline', md: 'none' }}>
                  {narrowMonth.format(firstOf(v.month))}
                </Box>
                <Box as="span" display={{ base: 'none', md: 'inline' }}>
                  {shortMonth.format(firstOf(v.month))}
                </Box>
              </Text>
            ))}
          </Flex>
        </Box>
        <VisuallyHidden>
          <table>
            <caption>{t('dashboard.volume.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.volume.month')}</th>
                <th scope="col">{t('dashboard.volume.amount')}</th>
                <th scope="col">{t('dashboard.volume.count')}</th>
              </tr>
            </thead>
            <tbody>
              {volume.map((v) => (
                <tr key={v.month}>
                  <th scope="row">{longMonth.format(firstOf(v.month))}</th>
                  <td>{money.format(v.amount)}</td>
                  <td>{v.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Card.Body>
    </Card.Root>
  );
}
