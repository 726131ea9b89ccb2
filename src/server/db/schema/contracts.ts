import { sql } from 'drizzle-orm';
import type { ScheduleSegment } from '../../../domain/calculation/billing';
import type { ProviderContractState } from '../../../domain/calculation/states';
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './types';

/** A recipient of an envelope as the portal follows it (esignature_processes.recipients). */
export interface ProcessRecipient {
  recipientId: string;
  role: 'customer' | 'partner' | 'delivery';
  name: string;
  email: string;
  routingOrder: number;
  accessCode?: string;
  status: 'sent' | 'completed' | 'declined';
}

/** A signee of a BankID signing (bankid_processes.signees, bankid_orders.signee). */
export interface BankIdSigneeRecord {
  firstName: string;
  lastName: string;
  email: string;
  /** 12 digits; the order is then for this person only. */
  personalNumber?: string;
}

export const contracts = pgTable('contracts', {
  id: uuid('id').primaryKey().defaultRandom(),
  referenceCode: text('reference_code').notNull(),
  partnerId: text('partner_id').notNull(),
  userProfileId: uuid('user_profile_id').notNull(),
  customerName: text('customer_name').notNull(),
  state: text('state').notNull().default('runningContract'),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  brandId: text('brand_id').notNull(),
  calculationSetId: uuid('calculation_set_id'),
  calculationVariantId: uuid('calculation_variant_id'),
  customerEmail: text('customer_email'),
  subLesseeName: text('sub_lessee_name').notNull().default(''),
  currencyCode: text('currency_code').notNull().default('EUR'),
  nav: numeric('nav').notNull().default('0'),
  instalment: numeric('instalment').notNull().default('0'),
  periodInMonths: integer('period_in_months'),
  annualRatePercent: numeric('annual_rate_percent').notNull().default('0'),
  residualValue: numeric('residual_value').notNull().default('0'),
  paymentFrequency: text('payment_frequency').notNull().default('monthly'),
  returnedAt: date('returned_at', { mode: 'string' }),
  cancelledAt: date('cancelled_at', { mode: 'string' }),
  paidAt: date('paid_at', { mode: 'string' }),
  /** The provider's word on the state (migration 041): beats the calendar while set. */
  providerState: text('provider_state').$type<ProviderContractState>(),
  lastRedemptionOfferAt: timestamp('last_redemption_offer_at', { withTimezone: true }),
  netInstalment: numeric('net_instalment').notNull().default('0'),
  /** A rent-free start: the first instalment falls due this many months after the start. */
  rentFreeMonths: integer('rent_free_months').notNull().default(0),
  /** The payment plan's runs of instalments (empty without a plan), as the variant had them. */
  schedule: jsonb('schedule')
    .$type<ScheduleSegment[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

export const applications = pgTable('applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  calculationSetId: uuid('calculation_set_id').notNull(),
  calculationVariantId: uuid('calculation_variant_id').notNull(),
  partnerId: text('partner_id').notNull(),
  signingMethod: text('signing_method').notNull(),
  sentBy: uuid('sent_by'),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  status: text('status').notNull().default('open'),
  missingDocuments: jsonb('missing_documents')
    .notNull()
    .default(sql`'[]'::jsonb`),
  infoText: text('info_text'),
  checkedBy: uuid('checked_by'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  referenceCode: text('reference_code'),
});

export const esignatureProcesses = pgTable('esignature_processes', {
  id: uuid('id').primaryKey().defaultRandom(),
  calculationSetId: uuid('calculation_set_id').notNull(),
  calculationVariantId: uuid('calculation_variant_id').notNull(),
  envelopeId: text('envelope_id').notNull(),
  status: text('status')
    .$type<'running' | 'completed' | 'cancelled' | 'declined'>()
    .notNull()
    .default('running'),
  recipients: jsonb('recipients').$type<ProcessRecipient[]>().notNull(),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const esignSimEnvelopes = pgTable('esign_sim_envelopes', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  subject: text('subject').notNull(),
  document: bytea('document').notNull(),
  status: text('status').notNull(),
  recipients: jsonb('recipients').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bankidProcesses = pgTable('bankid_processes', {
  id: uuid('id').primaryKey().defaultRandom(),
  calculationSetId: uuid('calculation_set_id').notNull(),
  calculationVariantId: uuid('calculation_variant_id').notNull(),
  signees: jsonb('signees').$type<BankIdSigneeRecord[]>().notNull(),
  withDeliveryConfirmation: boolean('with_delivery_confirmation').notNull(),
  status: text('status')
    .$type<'running' | 'completed' | 'cancelled' | 'failed'>()
    .notNull()
    .default('running'),
  endHint: text('end_hint'),
  nextClaim: uuid('next_claim'),
  nextClaimedAt: timestamp('next_claimed_at', { withTimezone: true }),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bankidOrders = pgTable('bankid_orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  processId: uuid('process_id').notNull(),
  position: integer('position').notNull(),
  calculationSetId: uuid('calculation_set_id').notNull(),
  calculationVariantId: uuid('calculation_variant_id').notNull(),
  signee: jsonb('signee').$type<BankIdSigneeRecord>().notNull(),
  role: text('role').$type<'customer' | 'delivery'>().notNull(),
  orderRef: text('order_ref').notNull(),
  qrStartToken: text('qr_start_token').notNull(),
  qrStartSecret: text('qr_start_secret').notNull(),
  autoStartToken: text('auto_start_token').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  status: text('status').$type<'pending' | 'complete' | 'failed'>().notNull().default('pending'),
  hintCode: text('hint_code'),
  completionData: jsonb('completion_data'),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

export const bankidSimOrders = pgTable('bankid_sim_orders', {
  orderRef: text('order_ref').primaryKey(),
  autoStartToken: text('auto_start_token').notNull(),
  qrStartToken: text('qr_start_token').notNull(),
  qrStartSecret: text('qr_start_secret').notNull(),
  appSession: text('app_session').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  endUserIp: text('end_user_ip').notNull(),
  userVisibleData: text('user_visible_data').notNull(),
  userNonVisibleData: text('user_non_visible_data'),
  userVisibleDataFormat: text('user_visible_data_format'),
  personalNumber: text('personal_number'),
  state: text('state').notNull(),
  hintCode: text('hint_code'),
  completionData: jsonb('completion_data'),
  endedAt: timestamp('ended_at', { withTimezone: true }),
});
