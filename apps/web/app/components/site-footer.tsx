import { useId } from 'react'
import { Link } from 'react-router'
import type { FooterItem } from '@portal/contracts/errors'
import { SITE_NAME, SITE_SINCE, SOCIAL_LINKS } from '~/lib/site'
import { FacebookIcon, InstagramIcon, LinkedInIcon, YouTubeIcon } from './icons'
import { Logo } from './logo'

const SOCIAL_ICONS = { Facebook: FacebookIcon, Instagram: InstagramIcon, LinkedIn: LinkedInIcon, YouTube: YouTubeIcon }

const PORTAL_LINKS = [
  { label: 'Regulamin', to: '/regulamin' },
  { label: 'O nas', to: '/o-nas' },
  { label: 'Kontakt', to: '/kontakt' },
  { label: 'FAQ', to: '/faq' },
]

const linkClass = 'text-[15px] text-slate-600 hover:text-accent-700 hover:underline underline-offset-4'
const headingClass = 'mb-3 text-sm font-semibold text-slate-900'

/**
 * Newsletter sign-up: the subscribe endpoint is not built yet, so the field is shown but switched off with a
 * plain note rather than pretending to save an address.
 */
function Newsletter() {
  const id = useId()
  return (
    <form className="flex flex-col gap-2" onSubmit={(e) => e.preventDefault()} aria-describedby={`${id}-note`}>
      <label htmlFor={id} className={headingClass + ' mb-1'}>
        Newsletter
      </label>
      <p className="text-sm text-slate-600">Nowe oferty i porady o rynku nieruchomości raz w tygodniu.</p>
      <div className="flex gap-2">
        <input
          id={id}
          type="email"
          name="email"
          disabled
          placeholder="Twój adres e-mail"
          autoComplete="email"
          className="h-11 min-w-0 flex-1 rounded-full border border-slate-300 bg-slate-100 px-4 text-[15px] text-slate-500 placeholder:text-slate-500 disabled:cursor-not-allowed"
        />
        <button
          type="submit"
          disabled
          className="h-11 shrink-0 cursor-not-allowed rounded-full bg-slate-200 px-4 text-[15px] font-semibold text-slate-600"
        >
          Zapisz się
        </button>
      </div>
      <p id={`${id}-note`} className="text-sm text-slate-600">
        <span className="mr-1 rounded-full bg-accent-50 px-2 py-0.5 text-xs font-semibold text-accent-700">Wkrótce</span>
        Zapisy do newslettera ruszą niedługo.
      </p>
    </form>
  )
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
