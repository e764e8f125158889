import { expect, hydrated, test } from './fixtures'
import { linkIn, waitForMail } from './support/mail'
import { makePng } from './support/png'

const PASSWORD = 'Haslo123'
const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

test('register → activation mail over SMTP → activated and logged in → profile and avatar → log out → log in', async ({ page }) => {
  // A whole account life in one test: longer than the default budget when the suite runs in parallel.
  test.setTimeout(90_000)
  const email = uniqueEmail('reg')
  await page.goto('/')
  await hydrated(page)

  // Register in the dialog opened from the header's account menu.
  await page.getByRole('button', { name: 'Moje konto' }).click()
  await page.getByRole('menuitem', { name: 'Zarejestruj się' }).click()
  const dialog = page.getByRole('dialog', { name: 'Załóż konto' })
  await expect(dialog).toBeVisible()

  // An empty submit: every §5 message under its field and the 3 s toasts.
  await dialog.getByRole('button', { name: 'Załóż konto' }).click()
  await expect(dialog.getByText('Nazwa firmy lub imię jest wymagane')).toBeVisible()
  await expect(dialog.getByText('Email jest wymagany')).toBeVisible()
  await expect(dialog.getByText('Wpisz hasło')).toBeVisible()
  await expect(dialog.getByText('Akceptacja regulaminu jest wymagana')).toBeVisible()
  const toasts = page.getByRole('region', { name: 'Powiadomienia systemowe' })
  await expect(toasts.locator('li[data-toast-type=error]', { hasText: 'Proszę, popraw formularz rejestracji' })).toBeVisible()

  await dialog.getByRole('radio', { name: 'Osoba prywatna' }).check({ force: true })
  await dialog.getByLabel('Imię i nazwisko lub nazwa firmy').fill('Ewa Testowa')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Telefon').fill('600 100 200')
  await dialog.getByLabel('Hasło', { exact: true }).fill(PASSWORD)
  await dialog.getByLabel('Powtórz hasło').fill('Haslo124')
  await dialog.getByRole('checkbox', { name: 'Akceptuję regulamin serwisu' }).check({ force: true })
  await dialog.getByRole('button', { name: 'Załóż konto' }).click()
  await expect(dialog.getByText('Hasła muszą być takie same')).toBeVisible()
  // Nothing typed is lost on an error.
  await expect(dialog.getByLabel('Email')).toHaveValue(email)
  await dialog.getByLabel('Powtórz hasło').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Załóż konto' }).click()

  await expect(dialog).toBeHidden()
  await expect(
    toasts.locator('li[data-toast-type=success]', { hasText: 'Gratulacje. Prosimy aktywować konto. Kliknij w link wysłany na emaila.' }),
  ).toBeVisible()

  // The activation mail, caught by the real SMTP listener.
  const mail = await waitForMail(email)
  const activation = linkIn(mail, '/dokoncz-rejestracje')
  await page.goto(activation)
  await expect(page.getByRole('heading', { level: 1, name: 'Konto zostało aktywowane' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Moje konto: Ewa Testowa' })).toBeVisible()
  expect((await page.context().cookies()).find((c) => c.name === 'isLogged')?.value).toBe('1')
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('portal_user') ?? 'null'))
  expect(stored).toMatchObject({ isLogged: true, loginFirst: false, profile: { email } })

  // Account settings: profile and avatar.
  await page.getByRole('link', { name: 'Ustawienia konta' }).click()
  await expect(page).toHaveURL(/\/ustawienia-konta$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Ustawienia konta' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Konto' }).getByRole('link', { name: 'Ustawienia' })).toHaveAttribute('aria-current', 'page')

  const profile = page.getByRole('form', { name: 'Dane profilu' })
  await profile.getByLabel('Imię i nazwisko lub nazwa firmy').fill('Ewa Zmieniona')
  await profile.getByLabel('Telefon').fill('601 200 300')
  await profile.getByLabel('Miejscowość').fill('Kraków')
  await profile.getByRole('button', { name: 'Zapisz zmiany' }).click()
  await expect(toasts.getByText('Zapisano zmiany w profilu')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Moje konto: Ewa Zmieniona' })).toBeVisible()

  await page.locator('input[type=file]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: makePng() })
  const preview = page.getByRole('img', { name: 'Podgląd nowego zdjęcia profilowego' })
  await expect(preview).toBeVisible()
  await expect(preview).toHaveAttribute('src', /^blob:/)
  await page.getByRole('button', { name: 'Zapisz zdjęcie' }).click()
  await expect(toasts.getByText('Zdjęcie profilowe zostało zapisane')).toBeVisible()
  const avatar = page.getByRole('img', { name: 'Twoje zdjęcie profilowe' })
  await expect(avatar).toBeVisible()
  await expect(avatar).toHaveJSProperty('complete', true)
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

  // The server kept it all: a fresh load shows the saved values.
  await page.reload()
  await hydrated(page)
  await expect(page.getByRole('form', { name: 'Dane profilu' }).getByLabel('Telefon')).toHaveValue('601 200 300')
  await expect(page.getByRole('img', { name: 'Twoje zdjęcie profilowe' })).toBeVisible()

  // Log out: home, cookie and stored user cleared.
  await page.evaluate(() => localStorage.setItem('recent_search', '["Kraków"]'))
  await page.getByRole('button', { name: 'Moje konto: Ewa Zmieniona' }).click()
  await page.getByRole('menuitem', { name: 'Wyloguj' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: 'Moje konto', exact: true })).toBeVisible()
  expect((await page.context().cookies()).find((c) => c.name === 'isLogged')).toBeUndefined()
  expect(await page.evaluate(() => localStorage.getItem('recent_search'))).toBeNull()
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('portal_user') ?? 'null'))).toMatchObject({ isLogged: false, profile: null })

  // Log back in with the password.
  await page.getByRole('button', { name: 'Moje konto', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Zaloguj się' }).click()
  const login = page.getByRole('dialog', { name: 'Zaloguj się' })
  await login.getByLabel('Email').fill(email.toUpperCase())
  await login.getByLabel('Hasło').fill(PASSWORD)
  await login.getByRole('button', { name: 'Zaloguj' }).click()
  await expect(login).toBeHidden()
  await expect(page.getByRole('button', { name: 'Moje konto: Ewa Zmieniona' })).toBeVisible()
})

test('a guarded page sends a guest to /?next= with the login dialog, and the login lands back there', async ({ page, request }) => {
  test.setTimeout(60_000)
  // An activated account, made through the API and the SMTP listener.
  const email = uniqueEmail('guard')
  await request.get('/api/sanctum/csrf-cookie')
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' }
  const reg = await request.post('/api/auth/register', {
    headers,
    data: { type: 'user', name: 'Gość Strażnik', email, phone: '', password: PASSWORD, password_confirmation: PASSWORD },
  })
  expect(reg.status()).toBe(204)
  const token = new URLSearchParams(linkIn(await waitForMail(email), '/dokoncz-rejestracje').split('?')[1]).get('token')
  expect((await request.post('/api/auth/complete-registration', { headers, data: { token } })).status()).toBe(200)

  // The server render redirects (no JavaScript needed for the guard itself).
  const res = await page.request.get('/ustawienia-konta', { maxRedirects: 0 })
  expect(res.status()).toBe(302)
  expect(res.headers()['location']).toBe('/?next=%2Fustawienia-konta')

  await page.goto('/ustawienia-konta')
  await expect(page).toHaveURL(/\/\?next=%2Fustawienia-konta$/)
  await hydrated(page)
  const login = page.getByRole('dialog', { name: 'Zaloguj się' })
  await expect(login).toBeVisible()
  await expect(login.getByLabel('Email')).toBeFocused()
  await login.getByLabel('Email').fill(email)
  await login.getByLabel('Hasło').fill(PASSWORD)
  await login.getByRole('button', { name: 'Zaloguj' }).click()
  await expect(page).toHaveURL(/\/ustawienia-konta$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Ustawienia konta' })).toBeVisible()

  // /auth is for guests only (checkIfLoggedIn).
  await page.goto('/auth')
  await expect(page).toHaveURL(/\/$/)
})

test('an outside next is never followed', async ({ page }) => {
  await page.goto('/?next=%2F%2Fevil.example%2Fx')
  await hydrated(page)
  // Not a same-origin path: no login prompt for it.
  await expect(page.getByRole('dialog', { name: 'Zaloguj się' })).toHaveCount(0)
})
