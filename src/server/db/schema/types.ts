import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea: both drivers give and take the bytes as a Uint8Array (a Buffer on pg). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});
