/**
 * `npm run admin:create -- --email <address> [--name "Imię Nazwisko"]`: the first administrator of a production
 * database (issue 29 M5: a production start never creates a known login). Reads .env like the server, migrates, then
 * creates the account or adds the admin role to an existing one. The password comes from ADMIN_PASSWORD, or is
 * drawn at random when the account has none and printed once here.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { migrate, openDb } from '@portal/db'
import { EMAIL_RE } from '@portal/contracts/auth'
import { loadDotEnv } from './dotenv.ts'
import { parseEnv } from './env.ts'
import { createAdmin } from './lib/accounts/admin-setup.ts'

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } })
const email = values.email?.trim().toLowerCase()
if (!email || !EMAIL_RE.test(email)) {
  console.error('Usage: npm run admin:create -- --email <address> [--name "Imię Nazwisko"]   (ADMIN_PASSWORD=… to choose the password)')
  process.exit(2)
}
loadDotEnv()
const env = parseEnv(process.env)
const db = await openDb(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR, 'pglite') })
try {
  await migrate(db)
  const password = process.env.ADMIN_PASSWORD?.trim() || undefined
  const r = await createAdmin(db, { email, name: values.name, password })
  console.log(`${r.created ? 'Created' : 'Updated'} the administrator ${email}.`)
  if (r.password && !password) console.log(`Password (shown once; change it after logging in): ${r.password}`)
  else if (!r.password) console.log('The account keeps its password.')
} catch (err) {
  console.error((err as Error).message)
  process.exitCode = 1
} finally {
  await db.close()
}
