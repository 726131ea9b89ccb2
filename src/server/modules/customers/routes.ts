import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerConfiguration, partyConfiguration } from '../../../domain/customers/configuration';
import {
  BankgiroCheckSchema,
  CustomerConfigurationSchema,
  CustomerSearchEntity,
  IbanCheckSchema,
  PartyConfigurationSchema,
  SelectedCustomerEntity,
} from '../../../domain/api/customers';
import { CUSTOMER_SEARCH_MAX } from '../../../domain/customers/search';
import type { Db } from '../../db/db';
import { createCreditAgency } from '../../integrations/credit-agency/factory';
import type { CreditAgency } from '../../integrations/credit-agency/port';
import { notFound } from '../../problems';
import { checkBankgiro, checkIban } from './bank-checks';
import { searchCustomers, selectCustomer } from './service';

/**
 * Customer search and selection from the credit agency, the country configurations of applicant,
 * supplier and sublessee, and the IBAN and bank giro checks (portal specification, “The calls it makes”).
 */
export function customerRoutes(
  app: FastifyInstance,
  db: Db,
  agency: CreditAgency = createCreditAgency({ mode: 'simulator' }),
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  const text = (max: number) => z.string().trim().max(max).optional();
  const countryIso = z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'invalidCountry')
    .transform((s) => s.toUpperCase());
  const profileQuery = { userprofileId: z.string().optional(), userProfileId: z.string().optional() };

  r.get(
    '/api/customers',
    {
      schema: {
        summary: "Search the credit agency's companies by name or id (at most 25, limitExceeded beyond)",
        tags,
        querystring: z.object({
          name: text(CUSTOMER_SEARCH_MAX.name),
          searchId: text(CUSTOMER_SEARCH_MAX.searchId),
          town: text(CUSTOMER_SEARCH_MAX.town),
          postalCode: text(CUSTOMER_SEARCH_MAX.postalCode),
          region: text(CUSTOMER_SEARCH_MAX.region),
          additionalSearchParameterType: z.enum(['town', 'postalCode', 'region']).optional(),
          countryIso: countryIso.optional(),
          ...profileQuery,
        }),
        response: { 200: CustomerSearchEntity },
      },
    },
    (req) => searchCustomers(db, agency, req.caller!, req.query),
  );
  r.get(
    '/api/customers/select',
    {
      schema: {
        summary: 'The full applicant of a company of the credit agency; records a credit-agency report',
        tags,
        querystring: z.object({
          vatId: text(30),
          taxId: text(30),
          tradeRegisterId: text(50),
          agencyId: text(50),
          agencyCustomerId: text(50),
          town: text(60),
          postalCode: text(10),
          countryIso: countryIso.optional(),
          ...profileQuery,
        }),
        response: { 200: SelectedCustomerEntity },
      },
    },
    (req) => selectCustomer(db, agency, req.caller!, req.query),
  );

  type Kind = 'applicant' | 'supplier' | 'sublessee';
  const configurationSchema = <S extends z.ZodType>(kind: Kind, answer: S) => ({
    summary: `Which ${kind} fields a country shows and requires, its legal forms and bank account types`,
    tags,
    params: z.object({ countryIso }),
    response: { 200: answer },
  });
  const configurationOf = <T>(kind: Kind, configuration: T | undefined, reply: FastifyReply): T => {
    if (!configuration) throw notFound(`No ${kind} configuration for this country.`);
    reply.header('cache-control', 'private, max-age=3600');
    return configuration;
  };
  r.get(
    '/api/applicant/configuration/:countryIso',
    { schema: configurationSchema('applicant', CustomerConfigurationSchema) },
    (req, reply) => configurationOf('applicant', customerConfiguration(req.params.countryIso), reply),
  );
  for (const kind of ['supplier', 'sublessee'] as const)
    r.get(
      `/api/${kind}/configuration/:countryIso`,
      { schema: configurationSchema(kind, PartyConfigurationSchema) },
      (req, reply) => configurationOf(kind, partyConfiguration(kind, req.params.countryIso), reply),
    );

  r.get(
    '/api/validateIban/:iban',
    {
      schema: {
        summary: 'Check an IBAN (spaces and other characters ignored; empty is valid) and name its bank',
        tags,
        params: z.object({ iban: z.string().max(64) }),
        response: { 200: IbanCheckSchema },
      },
    },
    (req) => checkIban(req.params.iban),
  );
  r.get(
    '/api/validateBankgironumber/:number',
    {
      schema: {
        summary: 'Check a Swedish bank giro number (spaces ignored) and name its bank',
        tags,
        params: z.object({ number: z.string().max(20) }),
        response: { 200: BankgiroCheckSchema },
      },
    },
    (req) => checkBankgiro(req.params.number),
  );
}
