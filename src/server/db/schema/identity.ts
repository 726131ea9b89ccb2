import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProfileStatus } from '../../../domain/session';
import { bytea } from './types';
import type { PartnerSignee } from '../../../domain/api/signing';

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  previousSignInAt: timestamp('previous_sign_in_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }),
});

export const partners = pgTable('partners', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  countryIso: text('country_iso').notNull(),
  companyLocale: text('company_locale').notNull(),
  availableLanguages: text('available_languages').array().notNull(),
  defaultLanguage: text('default_language').notNull(),
  enabledFeatures: text('enabled_features')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  isLogoUploadPermitted: boolean('is_logo_upload_permitted').notNull().default(false),
  isTncAcceptanceNecessary: boolean('is_tnc_acceptance_necessary').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const brands = pgTable('brands', {
  id: text('id').primaryKey(),
  partnerId: text('partner_id').notNull(),
  name: text('name').notNull(),
  branding: text('branding').notNull(),
  status: text('status').$type<ProfileStatus>().notNull().default('active'),
  /** In the brand's currency; none: its currency's default (domain/calculation/thresholds.ts). */
  instantDecisionLimit: numeric('instant_decision_limit'),
  /** ISO 4217; the brand's sets are made in it. */
  currencyCode: text('currency_code').notNull().default('EUR'),
  /** Its contracts may be signed with BankID (migration 033). */
  signsWithBankId: boolean('signs_with_bankid').notNull().default(false),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull(),
  partnerId: text('partner_id').notNull(),
  branchName: text('branch_name').notNull().default(''),
  title: text('title').notNull().default(''),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phoneCountryCode: text('phone_country_code'),
  phoneNumber: text('phone_number'),
  status: text('status').$type<ProfileStatus>().notNull().default('active'),
  isAdmin: boolean('is_admin').notNull().default(false),
  hasGlobalAccess: boolean('has_global_access').notNull().default(false),
  isExcelDownloadPermitted: boolean('is_excel_download_permitted').notNull().default(false),
  canMoveCalculations: boolean('can_move_calculations').notNull().default(false),
  isApiUser: boolean('is_api_user').notNull().default(false),
  isUnderwriter: boolean('is_underwriter').notNull().default(false),
  /** The NAV up to which an underwriter approves, per currency (migration 032); null: not limited. */
  approvalLimits: jsonb('approval_limits').$type<Partial<Record<string, number>>>(),
  isActivated: boolean('is_activated').notNull().default(true),
  termsAndConditionsAcceptedAt: timestamp('terms_and_conditions_accepted_at', { withTimezone: true }),
  termsOfUseAcceptedAt: timestamp('terms_of_use_accepted_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`clock_timestamp()`),
  lastChange: timestamp('last_change', { withTimezone: true }).notNull().defaultNow(),
  signeePartner: jsonb('signee_partner').$type<PartnerSignee>(),
});

export const userProfiles = pgTable('user_profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  brandId: text('brand_id').notNull(),
  status: text('status').$type<ProfileStatus>().notNull().default('active'),
  isDefault: boolean('is_default').notNull().default(false),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const partnerLogos = pgTable('partner_logos', {
  partnerId: text('partner_id').primaryKey(),
  name: text('name').notNull(),
  content: bytea('content').notNull(),
  size: integer('size').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const passwordTokens = pgTable('password_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: uuid('account_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    type: text('type').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.type, t.id] })],
);

export const revokedGrants = pgTable('revoked_grants', {
  grantId: text('grant_id').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

export const signInFailures = pgTable('sign_in_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  ip: text('ip').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.ip] })],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    /** The selected user profile, method and path the key belongs to ('' before migration 029). */
    scope: text('scope').notNull().default(''),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull(),
    status: integer('status'),
    headers: jsonb('headers')
      .notNull()
      .default(sql`'{}'::jsonb`),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);

export const uiErrors = pgTable('ui_errors', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  correlationId: text('correlation_id').notNull(),
  accountId: uuid('account_id'),
  message: text('message').notNull(),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
