import { formatViewingDay, formatViewingTime } from '@portal/contracts/plain/viewings'
import type { Slot } from '@portal/contracts/viewings'
import { ViewingButton } from '../offer/viewing-button'

/**
 * 'Dni otwarte' on /inwestycje/{slug} (issue 28 item 1): the investment's open days ahead with places left, and
 * 'Zapisz się' opening the booking dialog (loaded on demand, so the page stays light). Shown only when there are some.
 */
export function OpenDays({ slug, name, days }: { slug: string; name: string; days: Slot[] }) {
  if (!days.length) return null
  return (
    <section aria-labelledby="open-days-h" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
      <h2 id="open-days-h" className="scroll-mt-40 text-lg font-bold text-slate-900">Dni otwarte</h2>
      <p className="mb-3 mt-1 text-sm text-slate-600">Obejrzyj inwestycję z doradcą dewelopera. Czas polski.</p>
      <ul className="mb-4 flex flex-col gap-2">
        {days.map((d) => (
          <li key={d.open_day_id} className="rounded-xl bg-slate-50 px-3 py-2 text-[15px] text-slate-800">
            <span className="inline-block font-semibold first-letter:uppercase">{formatViewingDay(d.start)}</span>, {formatViewingTime(d.start)}–{formatViewingTime(d.end)}
            <span className="block text-sm text-slate-600">Wolne miejsca: {d.places_left}</span>
          </li>
        ))}
      </ul>
      <ViewingButton endpoint={`/api/investments/${encodeURIComponent(slug)}/viewings`} title={name} label="Zapisz się na dzień otwarty" heading="Dzień otwarty" only="open-days" place="investment" />
    </section>
  )
}

/** On a phone the aside comes after the units and the map: a line under the header leads to 'Dni otwarte'. */
export function OpenDayNotice({ first }: { first: Slot }) {
  return (
    <a href="#open-days-h" className="mt-2 inline-flex min-h-11 items-center rounded-xl bg-accent-50 px-3 py-2 text-[15px] font-semibold text-accent-800 hover:bg-accent-100 lg:hidden">
      Dzień otwarty: {formatViewingDay(first.start)}, {formatViewingTime(first.start)} — zapisz się
    </a>
  )
}

/**
 * 'Umów oglądanie' on /inwestycje/{slug} (decision 078): the investment's weekly hours give visit times; the button
 * opens the listings' booking dialog with those times (open days have their own button). Shown when a time is free.
 */
export function InvestmentVisits({ slug, name, first }: { slug: string; name: string; first: Slot | null }) {
  if (!first) return null
  return (
    <section aria-labelledby="visits-h" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
      <h2 id="visits-h" className="scroll-mt-40 text-lg font-bold text-slate-900">Oglądanie z doradcą</h2>
      <p className="mb-3 mt-1 text-sm text-slate-600">
        Wybierz termin wizyty; deweloper potwierdzi go e-mailem. Najbliższy wolny: <span className="font-semibold text-slate-800">{formatViewingDay(first.start)}, {formatViewingTime(first.start)}</span> (czas polski).
      </p>
      <ViewingButton endpoint={`/api/investments/${encodeURIComponent(slug)}/viewings`} title={name} only="visits" place="investment" />
    </section>
  )
}

/** On a phone, like the open day's line: the way to 'Umów oglądanie' in the aside below the units. */
export function VisitNotice() {
  return (
    <a href="#visits-h" className="mt-2 inline-flex min-h-11 items-center rounded-xl bg-accent-50 px-3 py-2 text-[15px] font-semibold text-accent-800 hover:bg-accent-100 lg:hidden">
      Umów oglądanie z doradcą dewelopera
    </a>
  )
}
