import { afterAll, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { createTestApp } from './test/helpers.ts'

let t: Awaited<ReturnType<typeof createTestApp>> | undefined
afterAll(async () => { await t?.close() })

// A full read of the index at a million listings keeps the event loop busy between its chunks: started before the
// job queue, it held the queue's start past fastify's 10 s for onReady hooks and the server did not start.
it('the search index starts loading only after the job queue has started', async () => {
  t = await createTestApp()
  const app = await buildApp({ db: t.db, env: t.app.env, logger: false, jobs: true })
  const order: string[] = []
  const jobs = app.jobs as unknown as { start: () => Promise<unknown> }
  jobs.start = async () => { await new Promise((r) => setTimeout(r, 20)); order.push('jobs started') }
  app.searchIndex.load = async () => { order.push('index load') }
  await app.ready()
  expect(order).toEqual(['jobs started', 'index load'])
  await app.close()
})
