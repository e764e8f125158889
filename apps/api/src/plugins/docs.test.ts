import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/helpers.ts'
import { createUser, login } from '../routes/api/auth/test-support.ts'

interface Op { requestBody?: unknown; parameters?: unknown[]; responses: Record<string, { content?: unknown }> }

/** /api/docs lists what the routes answer (issue 29): 204 where a route answers 204, 422, 419, not 200 for all. */
describe('OpenAPI document', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let paths: Record<string, Record<string, Op>>
  beforeAll(async () => {
    t = await createTestApp()
    paths = (await t.app.inject('/api/docs/json')).json().paths
  })
  afterAll(async () => { await t.close() })
  const codes = (path: string, method: string) => Object.keys(paths[path]![method]!.responses).sort()

  it('the spec §7 calls that answer 204 say 204, with their 4xx, and no 200', () => {
    // 429: limited per client address across e-mails (decision 050).
    expect(codes('/api/auth/register', 'post')).toEqual(['204', '400', '419', '422', '429'])
    expect(codes('/api/auth/remind-password', 'post')).toEqual(['204', '419', '422', '429'])
    expect(codes('/api/auth/resend-email', 'post')).toEqual(['204', '419', '422', '429'])
    expect(codes('/api/auth/logout', 'post')).toEqual(['204', '419'])
    expect(codes('/api/auth/set-password', 'post')).toEqual(['204', '400', '419', '422'])
    expect(codes('/api/auth/change-password', 'patch')).toEqual(['204', '401', '419', '422', '429'])
    expect(codes('/api/user', 'delete')).toEqual(['204', '401', '419', '422', '429'])
  })

  it('every operation declares its answers; inputs list 422, state changes under /api list 419', () => {
    const missing: string[] = []
    for (const [path, ops] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const c = Object.keys(op.responses)
        const name = `${method.toUpperCase()} ${path}`
        // fastify-swagger's filler for a route that declares nothing: a bare 200 without content.
        if (c.length === 1 && c[0] === '200' && !op.responses['200']!.content) missing.push(`${name}: nothing declared`)
        if ((op.requestBody || op.parameters?.length) && !c.includes('422')) missing.push(`${name}: no 422`)
        const csrf = ['post', 'put', 'patch', 'delete'].includes(method) && path.startsWith('/api/')
          && !path.startsWith('/api/partner/') && !path.startsWith('/api/payments/notify/')
        if (csrf && !c.includes('419')) missing.push(`${name}: no 419`)
      }
    }
    expect(missing).toEqual([])
    expect(paths['/dev/mail']).toBeUndefined()
  })
})

/** Issue 29 L9: the admin area hides itself (404), so the public OpenAPI document leaves it out; staff see it. */
describe('/api/docs/json', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => { t = await createTestApp({ CAPTCHA: 'off' }) })
  afterAll(async () => { await t.close() })

  const paths = async (cookie?: string) => {
    const res = await t.app.inject({ url: '/api/docs/json', headers: cookie ? { cookie } : {} })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-cache')
    return Object.keys(res.json().paths as Record<string, unknown>)
  }

  it('a guest and a plain user get no admin operation; an admin and a moderator get them all', async () => {
    const guest = await paths()
    expect(guest).toContain('/api/auth/login')
    expect(guest.filter((p) => p.startsWith('/api/admin'))).toEqual([])
    const user = await login(t.app, (await createUser(t.db, { email: 'docs-user@example.com' })).email)
    expect((await paths(user.cookie)).filter((p) => p.startsWith('/api/admin'))).toEqual([])
    for (const role of ['admin', 'mod']) {
      const staff = await login(t.app, (await createUser(t.db, { email: `docs-${role}@example.com`, roles: [role] })).email)
      const all = await paths(staff.cookie)
      expect(all.filter((p) => p.startsWith('/api/admin')).length).toBeGreaterThan(30)
      expect(all).toContain('/api/auth/login')
    }
  })
})
