import { customType, integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Money: numeric(14,2), read and written as a decimal string ("1234.56") so no float ever
 * touches it. Arithmetic happens in SQL or with integer cents (see @erp/shared money helpers).
 */
export const money = customType<{ data: string; driverData: string }>({
  dataType: () => 'numeric(14,2)',
});

/** Quantities: numeric(14,3), decimal string. */
export const quantity = customType<{ data: string; driverData: string }>({
  dataType: () => 'numeric(14,3)',
});

/** Unit costs and average costs: numeric(18,4), decimal string ("6.5000"). */
export const unitCost = customType<{ data: string; driverData: string }>({
  dataType: () => 'numeric(18,4)',
});

/** A date-only value travelling as 'YYYY-MM-DD' (never a JS Date, never shifted by a time zone). */
export const dateOnly = customType<{ data: string; driverData: string }>({
  dataType: () => 'date',
  fromDriver: (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)),
});

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Optimistic-concurrency version: an update names the version it read; a mismatch is a 409. */
export const versao = () => integer('versao').notNull().default(1);
