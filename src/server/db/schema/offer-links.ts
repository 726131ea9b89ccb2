import { bigserial, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OfferLinkState } from '../../../domain/offer-links';

/** The customer's offer links (migration 042): the token's hash only, the offer as it was sent. */
export const offerLinks = pgTable('offer_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  calculationSetId: uuid('calculation_set_id').notNull(),
  calculationVariantId: uuid('calculation_variant_id').notNull(),
  partnerId: text('partner_id').notNull(),
  brandId: text('brand_id').notNull(),
  userProfileId: uuid('user_profile_id').notNull(),
  email: text('email').notNull(),
  locale: text('locale').notNull(),
  periods: integer('periods').array().notNull(),
  figures: text('figures').notNull(),
  offer: jsonb('offer').$type<unknown>().notNull(),
  documentId: uuid('document_id'),
  /** Stored states; 'expired' is read from expiresAt (offerLinkStateOf). */
  state: text('state').$type<Exclude<OfferLinkState, 'expired'>>().notNull().default('sent'),
  acceptedPeriod: integer('accepted_period'),
  declineReason: text('decline_reason'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
});

/** Every open and answer of a link, with its time and address (migration 042). */
export const offerLinkEvents = pgTable('offer_link_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  offerLinkId: uuid('offer_link_id').notNull(),
  kind: text('kind').$type<'opened' | 'accepted' | 'declined' | 'withdrawn'>().notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  address: text('address').notNull().default(''),
});
