export * from './users.ts'
export * from './catalogue.ts'
export * from './listings.ts'
export * from './auth.ts'
