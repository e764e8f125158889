import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../../test/helpers.ts'
import { createUser, login, send } from '../auth/test-support.ts'
import { validInvestment } from './test-support.ts'
import { seedDemoInvestmentHours } from '../../../lib/viewings/demo.ts'

type T = Awaited<ReturnType<typeof createTestApp>>

describe('demo hours of investments (decision 078)', () => {
  let t: T
  beforeAll(async () => { t = await createTestApp({ CAPTCHA: 'off' }) })
  afterAll(async () => { await t.close() })

  it('gives the first investments weekly hours once, so their page offers visit times', async () => {
    expect(await seedDemoInvestmentHours(t.db)).toBe(0)
    const dev = await login(t.app, (await createUser(t.db, { email: 'demo-dewel@example.com', type: 'developer', companyName: 'Demo Dom', roles: ['user', 'company'] })).email)
    const inv = (await send(t.app, dev, 'POST', '/api/investments', validInvestment())).json() as { id: number; slug: string }
    expect(await seedDemoInvestmentHours(t.db)).toBe(1)
    expect(await seedDemoInvestmentHours(t.db)).toBe(0)
    const free = (await t.app.inject(`/api/investments/${inv.slug}/viewings`)).json() as { enabled: boolean; slots: { open_day_id: number | null }[] }
    expect(free.enabled).toBe(true)
    expect(free.slots.filter((s) => s.open_day_id === null).length).toBeGreaterThan(40)
    const hours = (await t.app.inject({ url: `/api/investments/${inv.id}/viewing-settings`, headers: { cookie: dev.cookie } })).json()
    expect(hours.exceptions[0].ranges).toHaveLength(2)
  })
})
