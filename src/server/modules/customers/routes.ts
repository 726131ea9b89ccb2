import type { FastifyInstance, FastifyReply } from 'fastify';
import { customerConfiguration, partyConfiguration } from '../../../domain/customers/configuration';
import type { Db } from '../../db/db';
import { serve } from '../../endpoint';
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
  const tags = ['customers'];

  serve(
    app,
    'customers',
    {
      summary: "Search the credit agency's companies by name or id (at most 25, limitExceeded beyond)",
      tags,
    },
    (req) => searchCustomers(db, agency, req.caller!, req.query),
  );
  serve(
    app,
    'selectCustomer',
    { summary: 'The full applicant of a company of the credit agency; records a credit-agency report', tags },
    (req) => selectCustomer(db, agency, req.caller!, req.query),
  );

  const configuration = (kind: string) => ({
    summary: `Which ${kind} fields a country shows and requires, its legal forms and bank account types`,
    tags,
  });
  const configurationOf = <T>(kind: string, configuration: T | undefined, reply: FastifyReply): T => {
    if (!configuration) throw notFound(`No ${kind} configuration for this country.`);
    reply.header('cache-control', 'private, max-age=3600');
    return configuration;
  };
  serve(app, 'applicantConfiguration', configuration('applicant'), (req, reply) =>
    configurationOf('applicant', customerConfiguration(req.params.countryIso), reply),
  );
  serve(app, 'supplierConfiguration', configuration('supplier'), (req, reply) =>
    configurationOf('supplier', partyConfiguration('supplier', req.params.countryIso), reply),
  );
  serve(app, 'sublesseeConfiguration', configuration('sublessee'), (req, reply) =>
    configurationOf('sublessee', partyConfiguration('sublessee', req.params.countryIso), reply),
  );

  serve(
    app,
    'validateIban',
    {
      summary: 'Check an IBAN (spaces and other characters ignored; empty is valid) and name its bank',
      tags,
    },
    (req) => checkIban(req.params.iban),
  );
  serve(
    app,
    'validateBankgiro',
    { summary: 'Check a Swedish bank giro number (spaces ignored) and name its bank', tags },
    (req) => checkBankgiro(req.params.number),
  );
}
