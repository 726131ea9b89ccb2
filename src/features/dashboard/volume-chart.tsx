import { Box, Card, Flex, Heading, Text, VisuallyHidden } from '../../client/ui/chakra';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardMonth } from '../../domain/dashboard';
import { useFormat } from '../../client/format/format';

/**
 * The volume of the last 12 months as bars (plain boxes, no chart library). For assistive
 * technology the bars are one image with a summary, and a hidden table gives every month.
 */
export function VolumeChart({ volume, currencyCode }: { volume: DashboardMonth[]; currencyCode: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const format = useFormat();

  const max = Math.max(0, ...volume.map((v) => v.amount));
  const total = volume.reduce((sum, v) => sum + v.amount, 0);
  const count = volume.reduce((sum, v) => sum + v.count, 0);
  const peak = volume.reduce((best, v) => (v.amount > best.amount ? v : best), volume[0]!);
  const range = {
    from: format.longMonth(volume[0]!.month),
    to: format.longMonth(volume[volume.length - 1]!.month),
  };
  const summary =
    total > 0
      ? t('dashboard.volume.summary', {
          ...range,
          total: format.wholeAmount(total, currencyCode),
          count,
          peakMonth: format.longMonth(peak.month),
          peakAmount: format.wholeAmount(peak.amount, currencyCode),
        })
      : t('dashboard.volume.summaryEmpty', range);
  const barTitle = (v: DashboardMonth) =>
    `${format.longMonth(v.month)}: ${format.amount(v.amount, currencyCode)} (${t('calculationList.count', { count: v.count })})`;

  return (
    <Card.Root as="section" variant="outline" aria-labelledby={headingId} data-testid="dashboard-volume">
      <Card.Header pb="2">
        <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
          <Heading as="h3" size="md" id={headingId}>
            {t('dashboard.volume.title')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('dashboard.volume.total', { total: format.wholeAmount(total, currencyCode), count })}
          </Text>
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        <Box role="img" aria-label={summary}>
          <Flex justify="space-between" fontSize="xs" color="fg.muted" mb="1" aria-hidden="true">
            <span>{format.compactAmount(max, currencyCode)}</span>
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
                  {format.narrowMonth(v.month)}
                </Box>
                <Box as="span" display={{ base: 'none', md: 'inline' }}>
                  {format.shortMonth(v.month)}
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
                  <th scope="row">{format.longMonth(v.month)}</th>
                  <td>{format.amount(v.amount, currencyCode)}</td>
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
