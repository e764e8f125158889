import { useEffect, useReducer, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { EditOffer, PublicOffer } from '@portal/contracts/offer'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { solveCaptcha } from '~/lib/captcha'
import { serverFieldErrors } from '~/lib/form-errors'
import {
  buildPayload, CREATE_AFTER_STEP, mapErrors, PACKAGE_STEP, reducer, STEP_COUNT, STEPS, stepOfField, validateSteps, type OfferFormState,
} from '~/lib/offer-form'
import { useToast } from '~/lib/toast'
import { Spinner } from '../form'
import { PriceHistory } from '../offer/offer-sections'
import { CheckIcon } from '../offer/offer-icons'
import { PhotosStep } from './photos-step'
import { PreviewStep } from './preview-step'
import { PackageStep, type PackageStepHandle } from './package-step'
import { CategoryStep, DetailsStep, LocationStep } from './steps-basic'
import { DescriptionStep } from './steps-text'
import { useCurrentInView } from '~/lib/scroll-current'

/** The guest's address for the 'Sprawdź skrzynkę' screen survives a reload of ?szkic= (the API never returns it). */
const guestEmailKey = (id: number) => `portal.offer-guest-email.${id}`
function rememberGuestEmail(id: number, email: string) {
  try {
    sessionStorage.setItem(guestEmailKey(id), email)
  } catch {
    // Storage blocked: the screen then names no address.
  }
}
function guestEmail(id: number | null): string {
  try {
    return id ? sessionStorage.getItem(guestEmailKey(id)) ?? '' : ''
  } catch {
    return ''
  }
}

const btn = 'inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-6 text-[15px] font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60'
const primary = `${btn} bg-accent-600 text-white shadow-sm hover:bg-accent-700`
const secondary = `${btn} border border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-50`

/**
 * The step-by-step listing form for adding and editing. One reducer holds everything typed; every step stays
 * mounted (only hidden), so nothing is lost going back and forth or on a failed save. The listing is saved
 * after step 4 (the API needs title, price and description), its id goes into the URL (?szkic=), and photos
 * upload to it; 'Publikuj' publishes it.
 */
export function OfferForm({ initial, mode, guest, tileUrl = null }: { initial: OfferFormState; mode: 'add' | 'edit'; guest: boolean; tileUrl?: string | null }) {
  const [s, dispatch] = useReducer(reducer, initial)
  const [busy, setBusy] = useState<null | 'save' | 'publish'>(null)
  const [done, setDone] = useState<null | { email: string }>(null)
  const toast = useToast()
  const navigate = useNavigate()
  const heading = useRef<HTMLHeadingElement>(null)
  const packageStep = useRef<PackageStepHandle>(null)
  const stepRow = useCurrentInView<HTMLOListElement>(s.step)
  const first = useRef(true)

  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    // The page's top (stepper included) comes back into view; focus moves to the step's heading for screen readers.
    window.scrollTo({ top: 0 })
    heading.current?.focus({ preventScroll: true })
  }, [s.step])

  const fail = (errors: Record<string, string>) => {
    dispatch({ type: 'errors', errors })
    const step = Math.min(...Object.keys(errors).map(stepOfField))
    if (Number.isFinite(step) && step !== s.step) dispatch({ type: 'go', step })
    toast.error('Popraw zaznaczone pola formularza.', 3000)
    setTimeout(() => document.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby]')?.focus(), 50)
  }

  async function refreshHistory(slug: string) {
    try {
      const pub = await api.get<PublicOffer>(`/api/offers/${encodeURIComponent(slug)}`, { silent: true })
      dispatch({ type: 'saved', edit: { priceHistory: pub.price_history } })
    } catch {
      // The history is a bonus on the edit screen; the save itself succeeded.
    }
  }

  /** Create (POST) or update (PUT) with the whole form. Returns false when the user has something to fix. */
  async function save(status?: 'draft' | 'publish'): Promise<boolean> {
    const upTo = s.id ? STEP_COUNT - 1 : CREATE_AFTER_STEP
    const errors = validateSteps(s, upTo, guest && !s.id)
    if (Object.keys(errors).length) {
      fail(errors)
      return false
    }
    const body = buildPayload(s, { guest: guest && !s.id, status })
    try {
      if (!s.id) {
        // Guests publish at once: the listing waits for the e-mail activation, and only then can their session
        // upload photos to it (the API lets the creating session manage it while it waits).
        const captcha = guest ? await solveCaptcha() : undefined
        const r = await api.post<{ id: number; slug: string; status: string; pending_activation: boolean }>(
          '/api/offers', { ...body, status: guest ? 'publish' : 'draft', ...(captcha ? { captcha } : {}) }, { silent: true })
        dispatch({ type: 'saved', edit: { id: r.id, slug: r.slug, status: r.status, pendingActivation: r.pending_activation } })
        if (guest) rememberGuestEmail(r.id, s.user.email.trim())
        navigate(`?szkic=${r.id}`, { replace: true, preventScrollReset: true })
      } else {
        const r = await api.put<EditOffer>(`/api/offers/${s.id}`, body, { silent: true })
        dispatch({ type: 'saved', edit: { slug: r.slug, status: r.status, pendingActivation: r.pending_activation, photos: r.photos, plans: r.project_plan_photos } })
        if (mode === 'edit') await refreshHistory(r.slug)
      }
      return true
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) fail(mapErrors(serverFieldErrors(err.fieldErrors), body.attributes as { id: number }[]))
      else if (err instanceof ApiError && err.status === 400 && (err.body as { error?: string })?.error === 'email_already_exist') fail({ 'user.email': CLIENT_MESSAGES.emailAlreadyExist })
      else if (err instanceof ApiError && err.status === 401) toast.error('Sesja wygasła. Zaloguj się ponownie — wpisane dane zostały na stronie.')
      else toast.error(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)
      return false
    }
  }

  async function next() {
    const errors = validateSteps(s, s.step, guest && !s.id)
    if (Object.keys(errors).length) return fail(errors)
    dispatch({ type: 'errors', errors: {} })
    if (s.step === CREATE_AFTER_STEP || (s.id && mode === 'add' && s.step < CREATE_AFTER_STEP)) {
      setBusy('save')
      const ok = await save()
      setBusy(null)
      if (!ok) return
    }
    if (s.step === PACKAGE_STEP && s.id) {
      setBusy('save')
      const total = await packageStep.current?.save()
      setBusy(null)
      if (total === null) return toast.error('Nie udało się zapisać pakietu. Spróbuj ponownie.')
    }
    dispatch({ type: 'go', step: Math.min(STEP_COUNT - 1, s.step + 1) })
  }

  async function publish() {
    setBusy('publish')
    const ok = await save(guest || s.status !== 'draft' ? undefined : 'publish')
    setBusy(null)
    if (!ok || !s.slug) return
    if (guest || s.pendingActivation) {
      setDone({ email: s.user.email || guestEmail(s.id) })
      return
    }
    // A paid package or add-on: the listing waits for the payment, and the bill is the next page.
    const total = await packageStep.current?.save()
    if (total) {
      navigate(`/moje-ogloszenia/oplac/${s.slug}`)
      return
    }
    toast.success('Ogłoszenie zostało opublikowane.')
    navigate(`/ogloszenia/${s.slug}`)
  }

  async function saveEdit() {
    setBusy('save')
    const ok = await save()
    setBusy(null)
    if (!ok) return
    toast.success('Zmiany zostały zapisane.')
    const total = await packageStep.current?.save()
    if (total) navigate(`/moje-ogloszenia/oplac/${s.slug}`)
  }

  if (done) {
    return (
      <div role="status" className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-card">
        <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700"><CheckIcon size={30} /></span>
        <h2 className="mt-4 text-2xl font-bold text-slate-900">Sprawdź skrzynkę e-mail</h2>
        <p className="mt-2 text-[15px] leading-relaxed text-slate-700">
          {/* After a reload (?szkic=) the form no longer knows the address typed before it. */}
          Wysłaliśmy link aktywacyjny {done.email ? <>na adres <strong>{done.email}</strong></> : 'na adres e-mail podany przy zakładaniu konta'}. Kliknij w niego, aby aktywować konto — ogłoszenie pojawi się wtedy na portalu.
        </p>
        <Link to="/" className={`${primary} mt-6`}>Wróć na stronę główną</Link>
      </div>
    )
  }

  const last = s.step === STEP_COUNT - 1
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Kroki formularza">
        {/* A phone scrolls a row of pills (the current step named); from md up the seven steps share the width, each
            named under its number, so the last one ('Podgląd') is never cut off. */}
        <ol ref={stepRow} className="flex gap-1 overflow-x-auto pb-1 [scrollbar-width:none] sm:gap-2 md:grid md:grid-cols-7 md:overflow-visible">
          {STEPS.map((name, i) => {
            const reachable = i <= s.reached && (i <= CREATE_AFTER_STEP || !!s.id)
            const current = i === s.step
            return (
              <li key={name} className="shrink-0 md:min-w-0">
                <button type="button" disabled={!reachable} aria-current={current ? 'step' : undefined}
                  onClick={() => dispatch({ type: 'go', step: i })}
                  className={`flex min-h-11 items-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors md:h-full md:w-full md:flex-col md:justify-start md:gap-1 md:rounded-2xl md:px-1 md:py-2 md:text-center md:text-[13px] md:leading-tight ${current ? 'border-accent-600 bg-accent-50 text-accent-800' : reachable ? 'border-slate-200 bg-white text-slate-700 hover:border-slate-400' : 'border-transparent text-slate-400'}`}>
                  <span className={`flex size-6 items-center justify-center rounded-full text-xs font-bold ${current ? 'bg-accent-600 text-white' : i < s.reached ? 'bg-emerald-600 text-white' : 'bg-slate-200 text-slate-600'}`}>{i + 1}</span>
                  <span className={current ? '' : 'hidden md:block'}>{name}</span>
                </button>
              </li>
            )
          })}
        </ol>
      </nav>
      <h2 ref={heading} tabIndex={-1} className="scroll-mt-40 text-xl font-bold text-slate-900 outline-none sm:text-2xl">
        <span className="text-slate-500">Krok {s.step + 1} z {STEP_COUNT}:</span> {STEPS[s.step]}
      </h2>
      <form noValidate onSubmit={(e) => { e.preventDefault(); void (last ? (mode === 'edit' ? saveEdit() : publish()) : next()) }} className="flex flex-col gap-6">
        <div hidden={s.step !== 0}><CategoryStep s={s} dispatch={dispatch} /></div>
        <div hidden={s.step !== 1}><DetailsStep s={s} dispatch={dispatch} /></div>
        <div hidden={s.step !== 2}><LocationStep s={s} dispatch={dispatch} tileUrl={tileUrl} /></div>
        <div hidden={s.step !== 3}><DescriptionStep s={s} dispatch={dispatch} guest={guest && !s.id} /></div>
        <div hidden={s.step !== 4}><PhotosStep s={s} dispatch={dispatch} /></div>
        <div hidden={s.step !== PACKAGE_STEP}><PackageStep ref={packageStep} s={s} /></div>
        <div hidden={s.step !== 6}>{s.step === 6 && <PreviewStep s={s} />}</div>
        {mode === 'edit' && s.priceHistory.length > 1 && (
          <section aria-labelledby="edit-history" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
            <h2 id="edit-history" className="mb-3 text-lg font-bold text-slate-900">Historia ceny</h2>
            <PriceHistory history={s.priceHistory} rent={s.offerType === 'rent'} />
          </section>
        )}
        <div className="sticky bottom-0 z-20 -mx-4 flex items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 pb-[max(12px,env(safe-area-inset-bottom))] backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:shadow-card">
          <button type="button" className={secondary} disabled={s.step === 0 || !!busy} onClick={() => dispatch({ type: 'go', step: s.step - 1 })}>Wstecz</button>
          <div className="flex gap-2">
            {mode === 'edit' && !last && (
              <button type="button" className={secondary} disabled={!!busy} onClick={saveEdit}>{busy === 'save' && <Spinner />}Zapisz zmiany</button>
            )}
            <button type="submit" className={primary} disabled={!!busy}>
              {busy && (last || busy === 'save') && mode === 'add' && <Spinner />}
              {last ? (mode === 'edit' ? 'Zapisz zmiany' : s.status && s.status !== 'draft' ? 'Zapisz i zakończ' : 'Publikuj') : s.step === CREATE_AFTER_STEP && !s.id ? 'Zapisz i dodaj zdjęcia' : 'Dalej'}
            </button>
          </div>
        </div>
      </form>
    </div>
  )
}
