import { sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MissingInfo } from '../../../domain/calculation/credit-decision';
import type { ResultRow } from '../../../domain/calculation/schemas';
import type { CalculationState } from '../../../domain/calculation/states';
import type { CalculationVariant } from '../../../domain/calculation/variant';
import type { Customer, Party } from '../../../domain/customers/schemas';
import { bytea } from './types';

export const calculationSets = pgTable('calculation_sets', {
  id: uuid('id').primaryKey().defaultRandom(),
  partnerId: text('partner_id').notNull(),
  userProfileId: uuid('user_profile_id').notNull(),
  name: text('name').notNull().default(''),
  applicantName: text('applicant_name').notNull().default(''),
  state: text('state').$type<CalculationState>().notNull().default('inWork'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastEditedAt: timestamp('last_edited_at', { withTimezone: true }).notNull().defaultNow(),
  brandId: text('brand_id').notNull(),
  leadingVariantId: uuid('leading_variant_id'),
  currencyCode: text('currency_code').notNull().default('EUR'),
  source: text('source').$type<'portal' | 'leasingApi'>().notNull().default('portal'),
  sublesseeName: text('sublessee_name').notNull().default(''),
  applicant: jsonb('applicant').$type<Customer>(),
  supplier: jsonb('supplier').$type<Party>(),
  sublessee: jsonb('sublessee').$type<Party>(),
  creditAgencyReportIds: jsonb('credit_agency_report_ids')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  lastSavedBy: uuid('last_saved_by'),
});

export const calculationVariants = pgTable('calculation_variants', {
  id: uuid('id').primaryKey().defaultRandom(),
  calculationSetId: uuid('calculation_set_id').notNull(),
  position: integer('position').notNull(),
  state: text('state').$type<CalculationState>().notNull().default('inWork'),
  payload: jsonb('payload').$type<CalculationVariant>().notNull(),
  results: jsonb('results')
    .$type<ResultRow[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastEditedAt: timestamp('last_edited_at', { withTimezone: true }).notNull().defaultNow(),
  lastSavedBy: uuid('last_saved_by'),
  quoteNote: text('quote_note').notNull().default(''),
  nonBindingQuoteNote: text('non_binding_quote_note').notNull().default(''),
  specialCaseRequestedAt: timestamp('special_case_requested_at', { withTimezone: true }),
  offerPeriods: integer('offer_periods').array(),
  offerLanguage: text('offer_language'),
  contentChangedAt: timestamp('content_changed_at', { withTimezone: true }),
  /** What the contract paper shows, kept when it is printed or a signing starts (migration 030). */
  paperFigures: jsonb('paper_figures').$type<unknown>(),
});

/** The dashboard's figures, kept by triggers (migration 027): sets per brand, profile and state. */
export const calculationStateCounts = pgTable(
  'calculation_state_counts',
  {
    brandId: text('brand_id').notNull(),
    userProfileId: uuid('user_profile_id').notNull(),
    state: text('state').$type<CalculationState>().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.userProfileId, t.state] })],
);

const volumeColumns = {
  brandId: text('brand_id').notNull(),
  userProfileId: uuid('user_profile_id').notNull(),
  currencyCode: text('currency_code').notNull(),
  sets: integer('sets').notNull(),
  nav: numeric('nav').notNull(),
};

/** Sets and their leading variants' NAV per brand, profile, UTC month of creation and currency (migration 027). */
export const calculationVolume = pgTable(
  'calculation_volume',
  { ...volumeColumns, month: timestamp('month', { withTimezone: true }).notNull() },
  (t) => [primaryKey({ columns: [t.brandId, t.month, t.userProfileId, t.currencyCode] })],
);

/** The same per UTC minute, for the sets made within 14 hours of a month's turn (migration 027). */
export const calculationVolumeTurns = pgTable(
  'calculation_volume_turns',
  { ...volumeColumns, minute: timestamp('minute', { withTimezone: true }).notNull() },
  (t) => [primaryKey({ columns: [t.brandId, t.minute, t.userProfileId, t.currencyCode] })],
);

export const creditRequests = pgTable('credit_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  calculationSetId: uuid('calculation_set_id').notNull(),
  calculationVariantId: uuid('calculation_variant_id').notNull(),
  partnerId: text('partner_id').notNull(),
  brandId: text('brand_id').notNull(),
  requestedBy: uuid('requested_by'),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  nav: numeric('nav').notNull(),
  periodInMonths: integer('period_in_months').notNull(),
  quoteNote: text('quote_note').notNull().default(''),
  status: text('status').$type<'open' | 'decided' | 'cancelled'>().notNull().default('open'),
  decision: text('decision').$type<'approve' | 'approveWithGuarantee' | 'needInformation' | 'decline'>(),
  missingInfo: jsonb('missing_info')
    .$type<MissingInfo[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  infoText: text('info_text'),
  declineReason: text('decline_reason'),
  decidedBy: text('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  guaranteeReceivedAt: timestamp('guarantee_received_at', { withTimezone: true }),
});

export const specialCaseRequests = pgTable('special_case_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  calculationSetId: uuid('calculation_set_id').notNull(),
  calculationVariantId: uuid('calculation_variant_id').notNull(),
  partnerId: text('partner_id').notNull(),
  brandId: text('brand_id').notNull(),
  requestedBy: uuid('requested_by').notNull(),
  text: text('text').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  status: text('status').notNull().default('open'),
  answer: text('answer'),
  answeredBy: uuid('answered_by'),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
});

export const creditAgencyReports = pgTable('credit_agency_reports', {
  id: text('id').primaryKey(),
  partnerId: text('partner_id').notNull(),
  userId: uuid('user_id').notNull(),
  agencyCompanyKey: text('agency_company_key').notNull(),
  companyName: text('company_name').notNull(),
  countryIso: text('country_iso').notNull(),
  scoreClass: integer('score_class'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  agency: text('agency').notNull().default('Credit agency'),
});

export const documents = pgTable('documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  calculationSetId: uuid('calculation_set_id'),
  documentGroup: text('document_group').$type<'generated' | 'attachment'>().notNull(),
  category: text('category').notNull(),
  fileName: text('file_name').notNull(),
  format: text('format').notNull(),
  size: integer('size').notNull(),
  content: bytea('content'),
  lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  contractId: uuid('contract_id'),
});
