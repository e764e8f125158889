import { randomBytes } from 'node:crypto'
import { openDb, type DbHandle } from './client.ts'
import { migrate } from './migrate.ts'
import { syncCatalogue } from './sync-catalogue.ts'

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`).
 */
export async function openTestDb(): Promise<DbHandle> {
  const base = process.env.TEST_DATABASE_URL
  if (!base) {
    const h = await openDb()
    await migrate(h)
    await syncCatalogue(h.db)
    return h
  }
  const { default: pg } = await import('pg')
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(base)
  url.pathname = `/${name}`
  const h = await openDb({ url: url.toString(), poolSize: 4 })
  await migrate(h)
  await syncCatalogue(h.db)
  return {
    ...h,
    close: async () => {
      await h.close()
      const a = new pg.Client({ connectionString: base })
      await a.connect()
      // The pool's connections are still saying goodbye right after end(): wait for them rather than killing them
      // with FORCE, which made a closing client emit an uncaught 57P01 error now and then.
      for (let attempt = 0; ; attempt++) {
        try {
          await a.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 30 ? ' WITH (FORCE)' : ''}`)
          break
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 30) throw err
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
      await a.end()
    },
  }
}
