import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Box, Button, HStack, SimpleGrid, Spinner, Stack, Text } from '../../../client/ui/chakra';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../client/http';
import { useOnline } from '../../../client/online';
import { SelectField, TextField } from '../../../client/ui/form-fields';
import { Notice } from '../../../client/ui/notice';
import type { Customer } from '../../../domain/customers/schemas';
import { customerConfiguration } from '../../../domain/customers/configuration';
import { CustomerSearchForm } from '../../../domain/customers/search';
import { searchCustomers, selectCustomer, type AgencyHit } from '../api/queries';

const LABELS = {
  name: 'customer.search.name',
  searchId: 'customer.search.id',
  town: 'customer.address.town',
  postalCode: 'customer.address.zip',
  region: 'customer.address.region',
} as const;

type SearchState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'done'; hits: AgencyHit[]; limitExceeded: boolean }
  | { status: 'selected'; name: string };

/**
 * Search the credit agency by name or id (portal specification: idle, searching, results or
 * none, more than 25). It needs the connection: offline the search is disabled and says why.
 * A failure is said here, on this page, not in a notification that outlives it. A selection
 * folds the results away and confirms it; the page brings the filled form into view.
 */
export function CustomerSearch({
  countryIso,
  onSelected,
}: {
  countryIso: string;
  onSelected: (c: Customer) => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm<CustomerSearchForm>({
    resolver: zodResolver(CustomerSearchForm),
    defaultValues: { mode: 'name', text: '', town: '', postalCode: '', region: '', countryIso },
  });
  // The one field this country's agency narrows by; a country without a configuration: the town.
  const configuration = customerConfiguration(countryIso);
  const extra = configuration ? configuration.additionalSearchParameterType : 'town';
  const mode = useWatch({ control, name: 'mode' });
  const text = useWatch({ control, name: 'text' });
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [selecting, setSelecting] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ correlationId?: string } | null>(null);
  const online = useOnline();
  const fail = (error: unknown) =>
    setFailure({ correlationId: error instanceof ApiError ? error.correlationId : undefined });

  const search = handleSubmit(async (params) => {
    setFailure(null);
    setState({ status: 'searching' });
    try {
      const answer = await searchCustomers(params, extra);
      setState({ status: 'done', hits: answer.hits, limitExceeded: answer.limitExceeded });
    } catch (error) {
      setState({ status: 'idle' });
      fail(error);
    }
  });
  const select = async (hit: AgencyHit) => {
    setSelecting(hit.agencyCustomerId ?? hit.name);
    setFailure(null);
    try {
      const customer = await selectCustomer(hit);
      setState({ status: 'selected', name: customer.name });
      onSelected(customer);
    } catch (error) {
      fail(error);
    } finally {
      setSelecting(null);
    }
  };

  return (
    <Stack
      gap="3"
      as="form"
      role="search"
      aria-label={t('customer.search.title')}
      onSubmit={(e) => void search(e)}
    >
      <SimpleGrid columns={{ base: 1, md: extra ? 3 : 2 }} gap="3" alignItems="end">
        <Controller
          control={control}
          name="mode"
          render={({ field }) => (
            <SelectField
              name="search.mode"
              label={t('customer.search.by')}
              value={field.value}
              options={[
                { value: 'name' as const, label: t('customer.search.byName') },
                { value: 'searchId' as const, label: t('customer.search.byId') },
              ]}
              onTouch={field.onBlur}
              onChange={field.onChange}
            />
          )}
        />
        {(extra ? (['text', extra] as const) : (['text'] as const)).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <TextField
                name={`search.${name}`}
                label={t(LABELS[name === 'text' ? mode : name])}
                value={field.value}
                error={fieldState.error?.message}
                onTouch={field.onBlur}
                onChange={field.onChange}
              />
            )}
          />
        ))}
      </SimpleGrid>
      <HStack>
        <Button
          type="submit"
          colorPalette="brand"
          disabled={!text.trim() || !online}
          loading={state.status === 'searching'}
        >
          {t(state.status === 'selected' ? 'customer.search.searchAgain' : 'customer.search.submit')}
        </Button>
      </HStack>
      <Box aria-live="polite">
        {!online && (
          <Text color="fg.muted" fontSize="sm" data-testid="search-offline">
            {t('customer.search.offline')}
          </Text>
        )}
        {failure && (
          <Notice
            status="error"
            testId="search-failed"
            title={t('customer.search.failed')}
            correlationId={failure.correlationId}
          />
        )}
        {state.status === 'selected' && (
          <Notice
            status="success"
            testId="search-selected"
            title={t('customer.search.selected', { name: state.name })}
          />
        )}
        {state.status === 'searching' && (
          <HStack color="fg.muted" fontSize="sm">
            <Spinner size="xs" /> <Text>{t('customer.search.searching')}</Text>
          </HStack>
        )}
        {state.status === 'done' && state.hits.length === 0 && (
          <Text color="fg.muted" data-testid="search-none">
            {t('customer.search.none')}
          </Text>
        )}
        {state.status === 'done' && state.limitExceeded && (
          <Badge colorPalette="orange" whiteSpace="normal" textAlign="start" data-testid="limit-exceeded">
            {t('customer.search.limitExceeded')}
          </Badge>
        )}
        {state.status === 'done' && state.hits.length > 0 && (
          <Stack gap="1" mt="2" as="ul" listStyleType="none" data-testid="search-results">
            {state.hits.map((hit) => (
              <HStack
                as="li"
                key={`${hit.agencyCustomerId ?? ''}-${hit.name}`}
                justify="space-between"
                borderWidth="1px"
                rounded="l2"
                px="3"
                py="2"
                gap="3"
                wrap="wrap"
              >
                <Box>
                  <Text fontWeight="medium">{hit.name}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {[hit.registrationNumber, [hit.postalCode, hit.town].filter(Boolean).join(' ')]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Box>
                <Button
                  size="sm"
                  variant="outline"
                  loading={selecting === (hit.agencyCustomerId ?? hit.name)}
                  disabled={!online}
                  onClick={() => void select(hit)}
                  aria-label={t('customer.search.selectNamed', { name: hit.name })}
                >
                  {t('customer.search.select')}
                </Button>
              </HStack>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
