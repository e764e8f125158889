// Fresh accounts for specs that change a user's own state (follows, saved searches, notifications).
import type { Page } from '@playwright/test'
import { expect } from '../fixtures'
import { linkIn, waitForMail } from './mail'

export const PASSWORD = 'Haslo1234'
export const uniqueEmail = (what: string) => `${what}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`

/** A new activated account, logged in in this page's browser context (through the API and the SMTP listener). */
export async function newUser(page: Page, what: string): Promise<string> {
  const email = uniqueEmail(what)
  await page.request.get('/api/sanctum/csrf-cookie')
  const xsrf = (await page.context().storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' }
  const reg = await page.request.post('/api/auth/register', {
    headers, data: { type: 'user', name: 'Ala Szukająca', email, phone: '', password: PASSWORD, password_confirmation: PASSWORD },
  })
  expect(reg.status()).toBe(204)
  const token = new URLSearchParams(linkIn(await waitForMail(email), '/dokoncz-rejestracje').split('?')[1]).get('token')
  expect((await page.request.post('/api/auth/complete-registration', { headers, data: { token } })).status()).toBe(200)
  return email
}
