import { z } from 'zod'

/**
 * The largest id the database can hold: every id column is a PostgreSQL `integer` (int4). A bigger number in a URL
 * went to the query as it was and PostgreSQL answered "out of range for type integer", a 500 (issue 29).
 */
export const MAX_ID = 2_147_483_647

/** A numeric id as a URL carries it (path or query): 1 to 10 digits, at most MAX_ID; 422 with `message` otherwise. */
export const idString = (message: string) =>
  z.string().regex(/^\d{1,10}$/, message).refine((v) => Number(v) <= MAX_ID, { message })
