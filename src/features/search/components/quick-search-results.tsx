import { Box, Flex, Heading, IconButton, Stack, Text } from '../../../client/ui/chakra';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CustomerName } from '../../../client/ui/customer-name';
import { CloseIcon } from '../../../client/ui/icons';
import { StateBadge } from '../../../client/ui/state-badge';
import { useFormat } from '../../../client/format/format';
import { calculationPath, contractPath, type QuickSearchResult } from '../api/queries';

/**
 * The results panel under the quick-search box: 'Search results for "…"', grouped into
 * calculations and contracts, each hit with date, customer, state and id; or 'no items found'.
 * Loaded with the first search, not with the shell.
 */
export default function QuickSearchResults({
  result,
  onClose,
  onLeave,
}: {
  result: QuickSearchResult;
  onClose: () => void;
  /** A hit was followed. */
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const when = (iso?: string) => (iso ? format.dayOf(iso) : '');
  // A contract's start is a calendar day, not a moment: shown as that day in every time zone.
  const total = result.calculations.length + result.contracts.length;

  return (
    <Box
      role="region"
      aria-labelledby="quick-search-title"
      position="absolute"
      top="calc(100% + 0.5rem)"
      left={{ base: '3', md: '0' }}
      right={{ base: '3', md: '0' }}
      minW={{ md: 'md' }}
      maxH="min(70vh, 36rem)"
      overflowY="auto"
      bg="bg.panel"
      borderWidth="1px"
      rounded="l3"
      shadow="lg"
      p="4"
      zIndex="popover"
      data-testid="quick-search-results"
    >
      <Flex justify="space-between" align="flex-start" gap="2" mb="3">
        <Heading as="h2" size="md" id="quick-search-title" wordBreak="break-word">
          {t('quickSearch.title', { text: result.searchText })}
        </Heading>
        <IconButton variant="ghost" size="xs" aria-label={t('quickSearch.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Flex>
      <Text srOnly aria-live="polite">
        {t('quickSearch.found', { count: total })}
      </Text>
      {result.hasMore && (
        <Text fontSize="sm" color="fg.muted" data-testid="quick-search-more">
          {t('quickSearch.more', { count: total })}
        </Text>
      )}
      {total === 0 && (
        <Text color="fg.muted" data-testid="quick-search-none">
          {t('quickSearch.noItems')}
        </Text>
      )}
      <Stack gap="4">
        {result.calculations.length > 0 && (
          <Group title={t('quickSearch.calculations')}>
            {result.calculations.map((c) => (
              <Hit
                key={c.calculationSetId}
                to={calculationPath(c)}
                onLeave={onLeave}
                date={when(c.lastEdited)}
                customer={<CustomerName {...c} />}
                state={<StateBadge state={c.state} size="sm" />}
                id={c.calculationSetId}
              />
            ))}
          </Group>
        )}
        {result.contracts.length > 0 && (
          <Group title={t('quickSearch.contracts')}>
            {result.contracts.map((c) => (
              <Hit
                key={c.referenceCode}
                to={contractPath(c)}
                onLeave={onLeave}
                date={format.date(c.startDate)}
                customer={
                  <CustomerName
                    applicantName={c.customerName}
                    sublesseeName={c.subLesseeName}
                    isSubLease={c.isSubLease}
                  />
                }
                state={<StateBadge state={c.state} size="sm" />}
                id={c.referenceCode}
              />
            ))}
          </Group>
        )}
      </Stack>
    </Box>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted" mb="1">
        {title}
      </Text>
      <Stack as="ul" listStyleType="none" gap="1">
        {children}
      </Stack>
    </Box>
  );
}

function Hit(props: {
  to: string;
  onLeave: () => void;
  date: string;
  customer: ReactNode;
  state: ReactNode;
  id: string;
}) {
  return (
    <li>
      <Link to={props.to} onClick={props.onLeave} data-testid="quick-search-hit">
        <Flex
          gap="3"
          px="2"
          py="2"
          rounded="md"
          align="center"
          justify="space-between"
          wrap="wrap"
          _hover={{ bg: 'bg.muted' }}
        >
          <Box minW="0" flex="1">
            <Box fontWeight="medium" color="brand.fg">
              {props.customer}
            </Box>
            <Text fontSize="xs" color="fg.muted" truncate title={props.id}>
              {props.date} · {props.id}
            </Text>
          </Box>
          {props.state}
        </Flex>
      </Link>
    </li>
  );
}
