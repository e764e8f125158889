// vitest globalSetup (vitest.config.ts): prepares the migrated database every test file's openTestDb() copies, once
// per run — the cached PGlite image, or on PostgreSQL (TEST_DATABASE_URL) a template database dropped at the end.
import { createPgTemplate, PG_TEMPLATE_ENV, preparePgliteImage } from './testing.ts'

export default async function setup(): Promise<(() => Promise<void>) | void> {
  const base = process.env.TEST_DATABASE_URL
  if (!base) {
    await preparePgliteImage()
    return
  }
  const template = await createPgTemplate(base)
  // The worker processes are started after this with a copy of this environment.
  process.env[PG_TEMPLATE_ENV] = template.name
  return async () => {
    delete process.env[PG_TEMPLATE_ENV]
    await template.drop()
  }
}
