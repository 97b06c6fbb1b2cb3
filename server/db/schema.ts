/** The one database schema, for PGlite and PostgreSQL alike. Migrations are generated from it. */
export * from './tables/accounts';
export * from './tables/catalog';
export * from './tables/orders';
export * from './tables/idempotency-records';
export * from './tables/webhooks';
export * from './tables/scheduled-jobs';
export * from './tables/rate-limits';
export * from './tables/storage-probes';
export * from './tables/catalog-changes';
export * from './tables/deals';
