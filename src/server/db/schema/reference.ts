import type { ConditionList } from '../../../domain/calculation/schemas';
import { sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const conditionLists = pgTable('condition_lists', {
  id: text('id').primaryKey(),
  brandId: text('brand_id').notNull(),
  productId: text('product_id').notNull(),
  contractTypeCode: text('contract_type_code').notNull(),
  definition: jsonb('definition').$type<ConditionList>().notNull(),
  validFrom: date('valid_from', { mode: 'string' })
    .notNull()
    .default(sql`CURRENT_DATE`),
  validTo: date('valid_to', { mode: 'string' }),
  /** The provider's key of the list; `id` is the version's (migration 032). */
  listKey: text('list_key').notNull(),
  version: integer('version').notNull().default(1),
  /** Set when a newer version or a price list without it replaced it: no longer offered. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

export const objectTypes = pgTable('object_types', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  softPeriodLimit: integer('soft_period_limit').notNull(),
  hardPeriodLimit: integer('hard_period_limit').notNull(),
  countedServicePossible: boolean('counted_service_possible').notNull().default(false),
  defaultManufacturerId: text('default_manufacturer_id'),
  /** Names by locale as the provider gave them; they win over locales/names.*.json. */
  names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
});

export const manufacturers = pgTable('manufacturers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const objectTypeManufacturers = pgTable(
  'object_type_manufacturers',
  {
    objectTypeId: text('object_type_id').notNull(),
    manufacturerId: text('manufacturer_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.objectTypeId, t.manufacturerId] })],
);

export const brandObjectTypes = pgTable(
  'brand_object_types',
  {
    brandId: text('brand_id').notNull(),
    objectTypeId: text('object_type_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.objectTypeId] })],
);
