export * from './client.ts'
export * from './migrate.ts'
export * from './schema/index.ts'
export * from './sync-catalogue.ts'
