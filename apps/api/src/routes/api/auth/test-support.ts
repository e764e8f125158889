import { users, type DbHandle } from '@portal/db'
import { hashPassword } from '../../../lib/accounts/password.ts'
import { startSession, type TestApp } from '../../../test/helpers.ts'

/** Test helpers for the accounts work: users with passwords, logged-in cookie jars, unsafe requests. */
export interface Jar { cookie: string; xsrf: string }

export const PASSWORD = 'Haslo123'

let n = 0
export async function createUser(db: DbHandle, o: Partial<typeof users.$inferInsert> & { password?: string } = {}) {
  const { password = PASSWORD, ...values } = o
  const [row] = await db.db.insert(users).values({
    email: `user${++n}-${Date.now()}@example.com`,
    name: 'Jan Testowy',
    phone: '+48 600 100 200',
    passwordHash: await hashPassword(password),
    emailVerifiedAt: new Date(),
    ...values,
  }).returning()
  return row!
}

/** The cookie jar after a response (Set-Cookie merged over the previous jar). */
export function jarFrom(res: { cookies: Array<{ name: string; value: string }> }, prev?: Jar): Jar {
  const map = new Map<string, string>()
  for (const part of (prev?.cookie ?? '').split('; ').filter(Boolean)) {
    const i = part.indexOf('=')
    map.set(part.slice(0, i), part.slice(i + 1))
  }
  for (const c of res.cookies) map.set(c.name, c.value)
  return { cookie: [...map].map(([k, v]) => `${k}=${v}`).join('; '), xsrf: map.get('XSRF-TOKEN') ?? '' }
}

export async function login(app: TestApp, email: string, password = PASSWORD): Promise<Jar> {
  const guest = await startSession(app)
  const res = await app.inject({
    method: 'POST', url: '/api/auth/login', headers: { cookie: guest.cookie, 'x-xsrf-token': guest.xsrf },
    payload: { email, password },
  })
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`)
  return jarFrom(res, guest)
}

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE'
/** An unsafe request with the session cookie and the CSRF header. */
export function send(app: TestApp, jar: Jar, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method, url, headers: { cookie: jar.cookie, 'x-xsrf-token': jar.xsrf, ...headers },
    ...(payload === undefined ? {} : { payload: payload as never }),
  })
}
