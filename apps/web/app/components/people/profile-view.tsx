import { Link } from 'react-router'
import { countLabel } from '@portal/contracts/format'
import type { ProfilePage } from '@portal/contracts/people'
import type { InvestmentCard } from '@portal/contracts/investments'
import { InvestmentCardView } from '../investments/investment-card'
import { formatDate, jsonLdString, paragraphs } from '~/lib/offer-text'
import { AGENT_FORMS, isCompanyProfile, listingsCount, profileJsonLd, typeLabel } from '~/lib/people'
import { PinIcon } from '../icons'
import { PersonAvatar } from './person-avatar'
import { MessageDialog } from './message-dialog'
import { PhoneReveal } from './phone-reveal'
import { ProfileListings } from './profile-listings'
import { VideoAvatar } from './video-avatar'
import { FollowButton } from '../engagement/follow-button'

function Facts({ items }: { items: [string, string][] }) {
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {items.map(([k, v]) => (
        <div key={k} className="rounded-xl bg-slate-50 px-4 py-3">
          <dt className="text-sm text-slate-600">{k}</dt>
          <dd className="font-semibold text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A public profile (spec §2 /profil/{user}): who they are, how to reach them, their agents and their listings. */
export function ProfileView({ page, origin, search, investments = [], openData = false }: {
  page: ProfilePage; origin: string; search: string; investments?: InvestmentCard[]; openData?: boolean
}) {
  const u = page.user
  const company = isCompanyProfile(u)
  const facts: [string, string][] = [
    ['Na portalu od', formatDate(u.created_at)],
    ['Aktywne ogłoszenia', listingsCount(u.offers_count)],
  ]
  if (u.languages.length) facts.push(['Języki', u.languages.join(', ')])
  if (u.commission && (u.commission.percent !== undefined || u.commission.note)) {
    facts.push(['Prowizja', [u.commission.percent !== undefined ? `${new Intl.NumberFormat('pl-PL').format(u.commission.percent)}%` : '', u.commission.note ?? ''].filter(Boolean).join(' — ')])
  }
  return (
    <div className="bg-slate-50 pb-16">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(profileJsonLd(u, origin)) }} />
      <div className="container-page pt-6">
        <nav aria-label="Okruszki" className="text-sm text-slate-600">
          <ol className="flex flex-wrap gap-1">
            <li><Link to="/" className="hover:underline">Strona główna</Link> /</li>
            {u.type === 'agency' || u.type === 'agent' ? <li><Link to={u.type === 'agent' ? '/agencje?type=agents' : '/agencje'} className="hover:underline">{u.type === 'agent' ? 'Agenci' : 'Agencje'}</Link> /</li> : null}
            {u.type === 'developer' ? <li><Link to="/deweloperzy" className="hover:underline">Deweloperzy</Link> /</li> : null}
            <li aria-current="page" className="text-slate-900">{u.display_name}</li>
          </ol>
        </nav>
        <div className="mt-4 grid gap-6 lg:grid-cols-[1fr_320px]">
          <section aria-labelledby="profile-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-8">
            <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
              <PersonAvatar name={u.display_name} avatar={u.avatar} size={112} rounded={company ? 'xl' : 'full'} />
              <div className="min-w-0">
                <p className="text-sm font-semibold uppercase tracking-wide text-accent-700">{typeLabel(u.type)}</p>
                <h1 id="profile-heading" className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{u.display_name}</h1>
                {company && u.company_name && u.name !== u.display_name && <p className="text-slate-600">Kontakt: {u.name}</p>}
                {u.agency && (
                  <p className="mt-1 text-slate-700">Agent w firmie <Link to={u.agency.profile_url} className="font-semibold text-accent-700 hover:underline">{u.agency.name}</Link></p>
                )}
                {u.city && <p className="mt-2 inline-flex items-center gap-1.5 text-slate-700"><PinIcon size={16} className="text-slate-500" />{u.city}</p>}
              </div>
              {/* Follow (favourite users): a guest is asked to sign in first; hidden on one's own profile. */}
              <div className="sm:ml-auto sm:self-start"><FollowButton userId={u.id} name={u.display_name} labelled /></div>
            </div>
            <div className="mt-6"><Facts items={facts} /></div>
            {u.description && (
              <div className="mt-6 space-y-3 text-[15px] leading-relaxed text-slate-800">
                <h2 className="text-lg font-bold text-slate-900">{company ? 'O firmie' : 'O mnie'}</h2>
                {paragraphs(u.description).map((lines, i) => <p key={i}>{lines.map((l, j) => <span key={j}>{j > 0 && <br />}{l}</span>)}</p>)}
              </div>
            )}
            {u.services.length > 0 && (
              <div className="mt-6">
                <h2 className="text-lg font-bold text-slate-900">Usługi</h2>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {u.services.map((s) => <li key={s} className="rounded-full bg-accent-50 px-3 py-1 text-sm font-medium text-accent-800">{s}</li>)}
                </ul>
              </div>
            )}
            {u.video_avatar && <div className="mt-6"><VideoAvatar url={u.video_avatar} name={u.display_name} /></div>}
          </section>
          <aside aria-label="Kontakt" className="flex flex-col gap-3 self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-card lg:sticky lg:top-24">
            <h2 className="text-lg font-bold text-slate-900">Kontakt</h2>
            <PhoneReveal endpoint={`/api/user/${u.id}/phone`} />
            <MessageDialog endpoint={`/api/profile/${u.id}/contact`} to={u.display_name} />
          </aside>
        </div>
        {page.agents.length > 0 && (
          <section aria-labelledby="agents-heading" className="mt-8">
            <h2 id="agents-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">Nasi agenci <span className="text-base font-normal text-slate-600">({countLabel(page.agents.length, AGENT_FORMS)})</span></h2>
            <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {page.agents.map((a) => (
                <li key={a.id}>
                  <Link to={a.profile_url} className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-card hover:shadow-card-hover">
                    <PersonAvatar name={a.name} avatar={a.avatar} size={48} />
                    <span className="min-w-0">
                      <span className="block truncate font-semibold text-slate-900">{a.name}</span>
                      <span className="block text-sm text-slate-600">{listingsCount(a.offers_count)}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        {(investments.length > 0 || openData) && (
          <section aria-labelledby="investments-heading" className="mt-8">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="investments-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">Inwestycje <span className="text-base font-normal text-slate-600">({investments.length})</span></h2>
              {openData && (
                <p className="text-sm text-slate-700">Ceny — dane otwarte:{' '}
                  <a href={`/api/dane-otwarte/${u.id}/ceny.csv`} className="font-semibold text-accent-700 hover:underline">CSV</a>{' · '}
                  <a href={`/api/dane-otwarte/${u.id}/ceny.xml`} className="font-semibold text-accent-700 hover:underline">XML</a>
                </p>
              )}
            </div>
            <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {investments.map((inv) => <li key={inv.id}><InvestmentCardView inv={inv} showDeveloper={false} /></li>)}
            </ul>
          </section>
        )}
        <div className="mt-10">
          <ProfileListings page={page.offers} params={new URLSearchParams(search)} basePath={u.profile_url} />
        </div>
      </div>
    </div>
  )
}
