import { defineConfig, devices } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

// The e2e suite runs against the real app: `node scripts/start.mjs` (builds the web when needed, migrates, seeds
// the demo data into a fresh embedded database, serves API + SSR from one process).
//
// Ports: E2E_PORT for the app (E2E_SMTP_PORT for the mail catcher, default E2E_PORT - 1). Without E2E_PORT the runner
// picks two free ports, so two runs on one machine never meet on a fixed port; it leaves them in the environment, so
// the test workers it starts (they load this config too) see the same ones.
if (!process.env.E2E_PORT) {
  const picked = spawnSync(process.execPath, ['-e', `
    const net = require('node:net')
    const free = () => new Promise((ok) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => ok(p)) }) })
    Promise.all([free(), free()]).then((ports) => console.log(ports.join(' ')))`], { encoding: 'utf8' })
  const [app, smtp] = picked.stdout.trim().split(' ').map(Number)
  if (picked.status !== 0 || !app || !smtp) throw new Error(`could not pick free ports for the e2e run: ${picked.stderr}`)
  process.env.E2E_PORT = String(app)
  process.env.E2E_SMTP_PORT ??= String(smtp)
  process.env.E2E_PORT_PICKED = '1'
}
const PORT = Number(process.env.E2E_PORT)
const BASE_URL = `http://127.0.0.1:${PORT}`
// Per checkout (test-results/ is), per chosen port when E2E_PORT is given.
const suffix = process.env.E2E_PORT_PICKED ? '' : `-${PORT}`
// Fresh for every run: the webServer command deletes it before starting. It lives outside Playwright's outputDir
// (test-results/playwright), which Playwright wipes itself at the start of a run.
const DATA_DIR = join(import.meta.dirname, 'test-results', `e2e-data${suffix}`)
// A real SMTP listener (e2e/support/smtp-listener.mjs) receives the app's mails; tests read them from MAIL_DIR
// (e2e/support/mail.ts).
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT - 1)
const MAIL_DIR = join(import.meta.dirname, 'test-results', `e2e-mail${suffix}`)
// The test workers load this config too, so the helper finds the directory of this run.
process.env.E2E_MAIL_DIR = MAIL_DIR

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/playwright',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : 4,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    screenshot: 'only-on-failure',
    // Locally a failed test keeps its trace (actions, network, console; with the final screenshot and
    // error-context.md's accessibility snapshot). The screencast (a JPEG per frame of every page, for every test,
    // thrown away when it passes) is off: about a fifth of the suite's CPU; so are the DOM snapshots before and after
    // every action: ~6 % more. Under CI no trace is recorded at all (~4 % more): a CI run's files are not kept, only
    // what it prints (the error, its call log, the paths of its screenshot and error-context.md) reaches anyone
    // (decision 038).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node e2e/support/smtp-listener.mjs',
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: 10_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
      env: { SMTP_PORT: String(SMTP_PORT), MAIL_DIR },
    },
    {
      command: `node -e "require('node:fs').rmSync(process.env.DATA_DIR, { recursive: true, force: true })" && exec node scripts/start.mjs`,
      url: `${BASE_URL}/api/health`,
      // Never test whatever else happens to listen on the port (another checkout, a stale dev server).
      reuseExistingServer: false,
      // The first start builds the web and generates the demo data with its photos: ~1 min on a quiet machine, over
      // 3 min on a busy one (seen: a clean-clone run beside other builds at load 28 timed out at 180 s).
      timeout: 360_000,
      // The server's request log is noise in the test output; E2E_SERVER_LOG=1 shows it. Without it the server logs
      // warnings and errors only: two JSON lines per request cost the server ~8 % of its CPU (decision 038).
      stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PORT: String(PORT),
        DATA_DIR,
        E2E: '1',
        CAPTCHA: 'off',
        DEMO_DATA: '1',
        // No internet here: tile requests would fail (console errors); the maps draw the offline base map.
        MAP_TILE_URL: 'off',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // Set (empty = default) so a developer's .env, which the server reads, cannot point the run elsewhere.
        DATABASE_URL: '', PUBLIC_URL: '', HOST: '', NOMINATIM_URL: '', APP_KEY: '', SEARCH_INDEX: '',
        // The SSR render pool (decision 081): the machine's cores unless the run chooses (SSR_WORKERS=0: main thread).
        SSR_WORKERS: process.env.SSR_WORKERS ?? '',
        TRUST_PROXY: '', LOG_LEVEL: process.env.E2E_SERVER_LOG ? '' : 'warn', NODE_ENV: 'production',
      },
    },
  ],
})
