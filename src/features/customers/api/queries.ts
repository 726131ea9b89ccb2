import * as endpoints from '../../../domain/api/endpoints/customers';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../client/http';
import { referenceRead } from '../../../client/offline/reference';
import type { ParamsOf } from '../../../domain/api/contract';
import type { Customer } from '../../../domain/customers/schemas';
import {
  customerSearchQuery,
  type AdditionalSearchParameterType,
  type CustomerSearchForm,
} from '../../../domain/customers/search';
import type { AgencyHit, CustomerConfiguration, PartyConfiguration } from '../../../domain/api/customers';

/** Party configurations per country (read once, kept on the device), the agency search and selection. */
export const customerKeys = {
  all: ['customers'] as const,
  configuration: (kind: string, countryIso: string) =>
    [...customerKeys.all, 'configuration', kind, countryIso] as const,
};

export const applicantConfigurationQuery = (countryIso: string) =>
  queryOptions({
    queryKey: customerKeys.configuration('applicant', countryIso),
    queryFn: (): Promise<CustomerConfiguration> =>
      referenceRead(endpoints.applicantConfiguration, { countryIso }),
    staleTime: Infinity,
  });

export const partyConfigurationQuery = (kind: 'supplier' | 'sublessee', countryIso: string) =>
  queryOptions({
    queryKey: customerKeys.configuration(kind, countryIso),
    queryFn: (): Promise<PartyConfiguration> =>
      referenceRead(
        kind === 'supplier' ? endpoints.supplierConfiguration : endpoints.sublesseeConfiguration,
        {
          countryIso,
        },
      ),
    staleTime: Infinity,
  });

/** A company of the agency's search (src/domain/api/customers.ts). */
export type { AgencyHit } from '../../../domain/api/customers';

export async function searchCustomers(
  form: CustomerSearchForm,
  extra: AdditionalSearchParameterType | null,
  signal?: AbortSignal,
) {
  const q = customerSearchQuery(form, extra);
  const answer = await call(endpoints.customers, Object.fromEntries(q) as ParamsOf<'customers'>, { signal });
  return {
    hits: (answer.entities ?? []).map((e) => e.properties),
    count: answer.properties.count,
    limitExceeded: answer.properties.limitExceeded,
  };
}

export async function selectCustomer(hit: AgencyHit): Promise<Customer> {
  const q: Record<string, string> = {};
  for (const key of [
    'vatId',
    'taxId',
    'tradeRegisterId',
    'agencyId',
    'agencyCustomerId',
    'town',
    'postalCode',
  ] as const) {
    const value = key === 'postalCode' ? hit.postalCode : hit[key];
    if (value) q[key] = value;
  }
  return (await call(endpoints.selectCustomer, q)).properties;
}
