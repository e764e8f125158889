import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { users } from '@portal/db'
import { openTestDb } from '@portal/db/testing'
import { parseEnv } from './env.ts'
import { prepareLogins } from './boot.ts'
import { verifyPassword } from './lib/accounts/password.ts'
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './lib/accounts/password-demo.ts'
import { createAdmin, CREATE_ADMIN_COMMAND, hasAdmin } from './lib/accounts/admin-setup.ts'

/** Issue 29 M5: a production start never creates the demo logins; it says how to create the first administrator. */
describe('demo logins and the first administrator', () => {
  let db: Awaited<ReturnType<typeof openTestDb>>
  beforeAll(async () => { db = await openTestDb() })
  afterAll(async () => { await db.close() })

  const logger = () => {
    const warned: string[] = []
    return { warned, log: { warn: (m: string) => { warned.push(m) }, debug: () => undefined } as never }
  }
  const admin = () => db.db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL))

  it('a production start (NODE_ENV=production set, or a public https PUBLIC_URL) makes no demo login and prints the command', async () => {
    for (const env of [
      { NODE_ENV: 'production', DEMO_DATA: '1' },
      { NODE_ENV: 'production', PORTAL_NODE_ENV_DEFAULTED: '1', DEMO_DATA: '1', PUBLIC_URL: 'https://dazu.pl' },
    ]) {
      const { warned, log } = logger()
      expect(await prepareLogins(db, parseEnv(env), log)).toEqual([])
      expect(await admin()).toEqual([])
      expect(warned).toContain(`No administrator yet. Create one with: ${CREATE_ADMIN_COMMAND}`)
    }
    expect(CREATE_ADMIN_COMMAND).toMatch(/^npm run admin:create -- --email /)
  })

  it('admin:create makes the first administrator with a password shown once; then the start is quiet', async () => {
    const r = await createAdmin(db, { email: ' Szef@Dazu.PL ', name: 'Anna Szef' })
    expect(r.created).toBe(true)
    expect(r.password).toMatch(/^[\w-]{20}$/)
    const [row] = await db.db.select().from(users).where(eq(users.email, 'szef@dazu.pl'))
    expect(row).toMatchObject({ roles: ['admin'], name: 'Anna Szef' })
    expect(row!.emailVerifiedAt).not.toBeNull()
    expect(await verifyPassword(row!.passwordHash, r.password!)).toBe(true)
    expect(await hasAdmin(db)).toBe(true)
    const { warned, log } = logger()
    expect(await prepareLogins(db, parseEnv({ NODE_ENV: 'production' }), log)).toEqual([])
    expect(warned.filter((w) => w.includes('administrator'))).toEqual([])
    // Again: the role stays, the password is kept unless one is given.
    expect(await createAdmin(db, { email: 'szef@dazu.pl' })).toEqual({ created: false, password: null })
    await expect(createAdmin(db, { email: 'szef@dazu.pl', password: 'slabe' })).rejects.toThrow(/at least 6 characters/)
    expect((await createAdmin(db, { email: 'szef@dazu.pl', password: 'Mocne123' })).password).toBe('Mocne123')
    expect(await admin()).toEqual([])
  })

  it('the local demo set-up (npm start on this machine) still has the demo logins', async () => {
    const { log } = logger()
    const logins = await prepareLogins(db, parseEnv({ NODE_ENV: 'production', PORTAL_NODE_ENV_DEFAULTED: '1' }), log)
    expect(logins.map((l) => l.email)).toContain(DEMO_ADMIN_EMAIL)
    const [row] = await admin()
    expect(await verifyPassword(row!.passwordHash, DEMO_PASSWORD)).toBe(true)
  })
})
