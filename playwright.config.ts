import { defineConfig, devices } from '@playwright/test'
import { join } from 'node:path'

// The e2e suite runs against the real app: `node scripts/start.mjs` (builds the web when needed, migrates, seeds
// the demo data into a fresh embedded database, serves API + SSR from one process).
const PORT = Number(process.env.E2E_PORT ?? 3199)
const BASE_URL = `http://127.0.0.1:${PORT}`
// Fresh for every run: the webServer command deletes it before starting. It lives outside Playwright's outputDir
// (test-results/playwright), which Playwright wipes itself at the start of a run.
const DATA_DIR = join(import.meta.dirname, 'test-results', PORT === 3199 ? 'e2e-data' : `e2e-data-${PORT}`)
// A real SMTP listener (e2e/support/smtp-listener.mjs) receives the app's mails; tests read them from MAIL_DIR
// (e2e/support/mail.ts). Its port sits next to the app's.
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT - 1)
const MAIL_DIR = join(import.meta.dirname, 'test-results', PORT === 3199 ? 'e2e-mail' : `e2e-mail-${PORT}`)
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
    trace: 'retain-on-failure',
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
      command: `node -e "require('node:fs').rmSync(process.env.DATA_DIR, { recursive: true, force: true })" && node scripts/start.mjs`,
      url: `${BASE_URL}/api/health`,
      // Never test whatever else happens to listen on the port (another checkout, a stale dev server).
      reuseExistingServer: false,
      // The first start builds the web and generates the demo data with its photos.
      timeout: 180_000,
      // The server's request log is noise in the test output; E2E_SERVER_LOG=1 shows it.
      stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PORT: String(PORT),
        DATA_DIR,
        E2E: '1',
        CAPTCHA: 'off',
        DEMO_DATA: '1',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      },
    },
  ],
})
