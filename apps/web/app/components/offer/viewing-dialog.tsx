import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { formatViewingDay, formatViewingTime, VIEWING_MESSAGES, viewingDate, type Slot } from '@portal/contracts/viewings'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useAuth, useUserDefaults } from '~/lib/auth'
import { solveCaptcha } from '~/lib/captcha'
import { serverFieldErrors, type FieldErrors } from '~/lib/form-errors'
import { buttonStyles, Field, FormAlert, Spinner, SubmitButton } from '../form'
import { CloseIcon } from '../icons'

interface Slots { enabled: boolean; visit_minutes: number; auto_confirm: boolean; slots: Slot[] }

const chip = (selected: boolean) => `inline-flex min-h-11 shrink-0 cursor-pointer flex-col items-center justify-center rounded-xl border px-3 py-1 text-sm outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent-600 ${
  selected ? 'border-accent-600 bg-accent-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-accent-600'}`

/**
 * 'Umów oglądanie' (issue 28): the free times of the next four weeks by day (Europe/Warsaw), then the form: a
 * logged-in person books with one more press, a guest gives name, e-mail and phone (captcha, then a confirmation
 * link by e-mail). Loaded on demand by <ViewingButton/>.
 */
export function ViewingDialog({ endpoint, title, heading, onClose, only, place = 'listing' }: {
  endpoint: string; title: string; heading: string; onClose: () => void
  /** An investment's page has a button for its weekly visits and one for its open days: each dialog lists its own. */
  only?: 'visits' | 'open-days'
  /** Who answers: a listing's advertiser, or an investment's developer (decision 078). */
  place?: 'listing' | 'investment'
}) {
  const { user } = useAuth()
  const [data, setData] = useState<Slots | null>(null)
  const [loadError, setLoadError] = useState(false)
  const [day, setDay] = useState<string | null>(null)
  const [slot, setSlot] = useState<Slot | null>(null)
  const [values, setValues] = useState({ name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '' })
  useUserDefaults<typeof values>(setValues)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)

  const load = () => api.get<Slots>(endpoint, { silent: true }).then((d) => { setData(d); setLoadError(false) }, () => setLoadError(true))
  useEffect(() => { void load() }, [endpoint]) // eslint-disable-line react-hooks/exhaustive-deps

  const days = useMemo(() => {
    const m = new Map<string, Slot[]>()
    const shown = (data?.slots ?? []).filter((s) => !only || (only === 'open-days') === (s.open_day_id !== null))
    for (const s of shown) m.set(viewingDate(s.start), [...(m.get(viewingDate(s.start)) ?? []), s])
    return [...m.entries()]
  }, [data, only])
  const current = day ?? days[0]?.[0] ?? null
  const times = days.find(([d]) => d === current)?.[1] ?? []

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!slot || busy) return
    setBusy(true)
    setErrors({})
    try {
      const captcha = user ? null : await solveCaptcha()
      const body = { start: slot.start, open_day_id: slot.open_day_id, ...(user ? {} : values), ...(captcha ? { captcha } : {}) }
      const r = await api.post<{ message: string }>(endpoint, body, { silent: true })
      setDone(r?.message ?? VIEWING_MESSAGES.pending)
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const f = serverFieldErrors(err.fieldErrors)
        setErrors(f)
        if (f.start) { setSlot(null); void load() }
      } else setErrors({ form: err instanceof ApiError && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError })
    } finally {
      setBusy(false)
    }
  }

  return (
    <ModalOverlay isOpen onOpenChange={(o) => { if (!o) onClose() }} isDismissable className="fixed inset-0 z-[60] flex items-end justify-center bg-slate-900/50 sm:items-center sm:p-4">
      <Modal className="max-h-dvh w-full overflow-y-auto rounded-t-2xl bg-white shadow-2xl outline-none sm:max-w-xl sm:rounded-2xl">
        <Dialog className="flex flex-col gap-4 p-5 outline-none sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <div>
              <Heading slot="title" className="text-xl font-bold text-slate-900">{heading}</Heading>
              <p className="mt-1 text-sm text-slate-600">{title}</p>
            </div>
            <Button aria-label="Zamknij" onPress={onClose} className="-mr-2 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-slate-600 outline-none hover:bg-slate-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent-600">
              <CloseIcon size={22} />
            </Button>
          </div>
          {done ? (
            <>
              <FormAlert tone="success">{done}</FormAlert>
              <Button onPress={onClose} className={buttonStyles.primary}>Zamknij</Button>
            </>
          ) : loadError ? (
            <FormAlert>{CLIENT_MESSAGES.serverError}</FormAlert>
          ) : !data ? (
            <p role="status" className="flex items-center gap-3 text-slate-700"><Spinner /> Wczytywanie wolnych terminów…</p>
          ) : days.length === 0 ? (
            <FormAlert tone="info">{place === 'investment' ? VIEWING_MESSAGES.noSlotsInvestment : VIEWING_MESSAGES.noSlots}</FormAlert>
          ) : (
            <>
              <section aria-labelledby="viewing-days">
                <h3 id="viewing-days" className="mb-2 text-sm font-semibold text-slate-800">Dzień</h3>
                <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" role="group" aria-label="Dni z wolnymi terminami">
                  {days.map(([d, list]) => {
                    const label = formatViewingDay(list[0]!.start)
                    const [weekday, ...rest] = label.split(', ')
                    return (
                      <Button key={d} onPress={() => { setDay(d); setSlot(null) }} aria-pressed={d === current} aria-label={label} className={chip(d === current)}>
                        <span className="text-xs">{weekday}</span><span className="font-semibold">{rest.join(', ')}</span>
                      </Button>
                    )
                  })}
                </div>
              </section>
              <section aria-labelledby="viewing-times">
                <h3 id="viewing-times" className="mb-2 text-sm font-semibold text-slate-800">Godzina <span className="font-normal text-slate-500">(czas polski)</span></h3>
                <div className="flex flex-wrap gap-2" role="group" aria-label="Wolne godziny">
                  {times.map((s) => (
                    <Button key={s.start + (s.open_day_id ?? '')} onPress={() => setSlot(s)} aria-pressed={slot?.start === s.start && slot.open_day_id === s.open_day_id} className={chip(slot?.start === s.start && slot.open_day_id === s.open_day_id)}>
                      <span className="font-semibold">{formatViewingTime(s.start)}</span>
                      {s.open_day_id !== null && <span className="text-xs">Dzień otwarty do {formatViewingTime(s.end)} · wolne miejsca: {s.places_left}</span>}
                    </Button>
                  ))}
                </div>
                {errors.start && <p role="alert" className="mt-2 text-sm font-medium text-red-700">{errors.start}</p>}
              </section>
              {slot && (
                <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t border-slate-200 pt-4" aria-label="Rezerwacja oglądania">
                  <p className="text-[15px] text-slate-800">
                    Wybrany termin: <strong>{formatViewingDay(slot.start)}, {formatViewingTime(slot.start)}–{formatViewingTime(slot.end)}</strong>
                  </p>
                  {!user && (
                    <div className="grid gap-3 sm:grid-cols-3">
                      <Field label="Imię i nazwisko" name="name" autoComplete="name" isRequired value={values.name} onChange={(v) => setValues((x) => ({ ...x, name: v }))} error={errors.name} />
                      <Field label="E-mail" name="email" type="email" inputMode="email" autoComplete="email" isRequired value={values.email} onChange={(v) => setValues((x) => ({ ...x, email: v }))} error={errors.email} />
                      <Field label="Telefon" name="phone" type="tel" inputMode="tel" autoComplete="tel" isRequired value={values.phone} onChange={(v) => setValues((x) => ({ ...x, phone: v }))} error={errors.phone} />
                    </div>
                  )}
                  {errors.form && <FormAlert>{errors.form}</FormAlert>}
                  <p className="text-sm text-slate-600">{data.auto_confirm || slot.open_day_id !== null ? 'Termin zostanie potwierdzony od razu.' : `${place === 'investment' ? 'Deweloper' : 'Ogłoszeniodawca'} potwierdzi termin albo zaproponuje inny.`}{!user && ' Wyślemy Ci link do potwierdzenia adresu e-mail.'}</p>
                  <SubmitButton pending={busy} pendingLabel="Rezerwowanie…">Zarezerwuj termin</SubmitButton>
                </form>
              )}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
