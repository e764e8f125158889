import { useId, useState, type FormEvent } from 'react'
import { NEWSLETTER_MESSAGES } from '@portal/contracts/plain/newsletter'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { solveCaptcha } from '~/lib/captcha'
import { useToast } from '~/lib/toast'
import { Link } from 'react-router'
import type { FooterItem } from '@portal/contracts/errors'
import { SITE_NAME, SITE_SINCE, SOCIAL_LINKS } from '~/lib/site'
import { FacebookIcon, InstagramIcon, LinkedInIcon, YouTubeIcon } from './icons'
import { Logo } from './logo'
import { pressEarly, useKeepEarlyInput } from './early-press'

const SOCIAL_ICONS = { Facebook: FacebookIcon, Instagram: InstagramIcon, LinkedIn: LinkedInIcon, YouTube: YouTubeIcon }

const PORTAL_LINKS = [
  { label: 'Regulamin', to: '/regulamin' },
  { label: 'O nas', to: '/o-nas' },
  { label: 'Kontakt', to: '/kontakt' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Blog — poradniki', to: '/blog' },
  { label: 'Ceny nieruchomości', to: '/ceny-nieruchomosci' },
  { label: 'Wycena mieszkania', to: '/wycena' },
]

const linkClass = 'text-[15px] text-slate-600 hover:text-accent-700 hover:underline underline-offset-4'
const headingClass = 'mb-3 text-sm font-semibold text-slate-900'

/**
 * Newsletter sign-up (spec §4/§8): 204 → 'Potwierdź zapis…' (a confirmation mail went out), 200 → 'Gratulujemy…'
 * (already active); both toasts last 3 s. The anti-spam captcha is solved in the browser when the server has it on.
 */
function Newsletter() {
  const id = useId()
  const toast = useToast()
  const [email, setEmail] = useState('')
  // An address typed before the footer hydrated becomes the state when it does: a later render (a toast, the page's
  // data) would otherwise put the empty state back into the field before it is sent.
  const emailRef = useKeepEarlyInput<HTMLInputElement, string>(email, setEmail)
  const [error, setError] = useState<string | null>(null)
  const [stage, setStage] = useState<'idle' | 'captcha' | 'sending'>('idle')

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    // The footer hydrates later (decision 040): an address typed before that is in the field but not in the state
    // (React keeps the field's value when it hydrates and fires no change), so the field is what is sent.
    const typed = (e.currentTarget.elements.namedItem('email') as HTMLInputElement).value
    setEmail(typed)
    // The schema (and zod with it) loads on the first submit, not with every page (issue 16).
    const { newsletterSubscribeSchema } = await import('@portal/contracts/newsletter')
    const parsed = newsletterSubscribeSchema.safeParse({ email: typed })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? NEWSLETTER_MESSAGES.emailInvalid)
      return
    }
    setError(null)
    try {
      setStage('captcha')
      const captcha = await solveCaptcha()
      setStage('sending')
      let status = 0
      await api.post('/api/newsletter', { email: parsed.data.email, ...(captcha ? { captcha } : {}) }, { onStatus: (s) => { status = s }, silent: true })
      if (status === 204) toast.success(NEWSLETTER_MESSAGES.pending, 3000)
      else toast.success(NEWSLETTER_MESSAGES.active, 3000)
      setEmail('')
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setError(fieldErrorOf(err.body) ?? NEWSLETTER_MESSAGES.emailInvalid)
      else if (err instanceof ApiError && err.status === 429) setError(NEWSLETTER_MESSAGES.tooMany)
      else toast.error(CLIENT_MESSAGES.serverError, 5000)
    } finally {
      setStage('idle')
    }
  }

  return (
    <form data-newsletter className="flex flex-col gap-2" onSubmit={(e) => void submit(e)} noValidate aria-label="Zapis do newslettera">
      {/* Without JavaScript the form would go as a plain GET with the address in the URL (and the captcha is solved
          in the browser): not offered then. */}
      <noscript>
        <style>{'form[data-newsletter]{display:none}'}</style>
      </noscript>
      <label htmlFor={id} className={headingClass + ' mb-1'}>
        {NEWSLETTER_MESSAGES.heading}
      </label>
      <p className="text-sm text-slate-600">{NEWSLETTER_MESSAGES.lead}</p>
      <div className="flex gap-2">
        <input
          id={id}
          ref={emailRef}
          type="email"
          name="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={NEWSLETTER_MESSAGES.placeholder}
          autoComplete="email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-11 min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 text-[15px] text-slate-900 placeholder:text-slate-500 outline-none focus:border-accent-600 focus:ring-2 focus:ring-accent-200 aria-[invalid]:border-red-600"
        />
        {/* Pressed (or Enter in the field) before the footer's code arrived: held back instead of going out as a
            plain GET with the address in the URL, and sent once the form has hydrated (decision 042). */}
        <button
          type="submit"
          {...pressEarly}
          disabled={stage !== 'idle'}
          data-busy={stage !== 'idle' || undefined}
          className="h-11 shrink-0 cursor-pointer rounded-full bg-accent-600 px-4 text-[15px] font-semibold text-white hover:bg-accent-700 data-[busy]:cursor-wait data-[busy]:opacity-70"
        >
          {stage === 'idle' ? NEWSLETTER_MESSAGES.submit : 'Wysyłanie…'}
        </button>
      </div>
      {error && <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">{error}</p>}
    </form>
  )
}

function fieldErrorOf(body: unknown): string | undefined {
  const errors = (body as { errors?: Record<string, string[]> } | null)?.errors
  return errors ? Object.values(errors)[0]?.[0] : undefined
}

export function SiteFooter({ pages, year }: { pages: FooterItem[]; year: number }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1.5fr] lg:gap-8">
        <div className="flex flex-col gap-4">
          <Logo />
          <p className="max-w-xs text-sm text-slate-600">
            Mieszkania, domy, działki i lokale z całej Polski — od właścicieli, agencji i deweloperów.
          </p>
          <ul className="flex gap-2" aria-label="Media społecznościowe">
            {SOCIAL_LINKS.map((s) => {
              const Icon = SOCIAL_ICONS[s.name]
              return (
                <li key={s.name}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${SITE_NAME} na ${s.name} (otwiera się w nowej karcie)`}
                    className="inline-flex size-11 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-600 transition-colors hover:border-accent-200 hover:text-accent-700"
                  >
                    <Icon size={20} />
                  </a>
                </li>
              )
            })}
          </ul>
        </div>
        <nav aria-labelledby="footer-portal">
          <h2 id="footer-portal" className={headingClass}>
            Portal
          </h2>
          <ul className="flex flex-col gap-2">
            {PORTAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-pages">
          <h2 id="footer-pages" className={headingClass}>
            Informacje
          </h2>
          {pages.length ? (
            <ul className="flex flex-col gap-2">
              {pages.map((p) => (
                <li key={p.id}>
                  <Link to={`/strony/${p.id}`} className={linkClass}>
                    {p.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">Strony informacyjne są chwilowo niedostępne.</p>
          )}
        </nav>
        <Newsletter />
      </div>
      <div className="border-t border-slate-200">
        <p className="container-page py-5 text-sm text-slate-600">
          © {SITE_SINCE}–{year} {SITE_NAME}. Wszelkie prawa zastrzeżone.
        </p>
      </div>
    </footer>
  )
}
