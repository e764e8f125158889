import { useState, type Dispatch } from 'react'
import { formatPricePerM2 } from '@portal/contracts/format'
import { DESCRIPTION_MAX, parseVideoUrl, TITLE_MAX } from '@portal/contracts/offer'
import { parsePrice, type Action, type OfferFormState } from '~/lib/offer-form'
import { Card, InputBox, Msg, Toggles, box, label } from './fields'

type StepProps = { s: OfferFormState; dispatch: Dispatch<Action> }

const LINKS = [
  ['video', 'Film (YouTube lub Vimeo)'],
  ['video_2', 'Drugi film'],
  ['walk_video', 'Wirtualny spacer (film)'],
] as const

/** A parsed video link; the YouTube thumbnail is a third-party image, so it loads only on request. */
function VideoPreview({ url }: { url: string }) {
  const [show, setShow] = useState(false)
  const v = parseVideoUrl(url)
  if (!url.trim() || !v) return null
  return (
    <div className="mt-2 flex items-center gap-3 rounded-xl bg-slate-50 p-2 text-sm text-slate-700">
      {show && v.thumbnail ? (
        <img src={v.thumbnail} alt="Miniatura filmu" width={120} height={90} className="h-[68px] w-[120px] rounded-lg object-cover" />
      ) : (
        <span className="flex h-[68px] w-[120px] items-center justify-center rounded-lg bg-slate-800 text-xs font-semibold text-white">{v.provider === 'youtube' ? 'YouTube' : 'Vimeo'}</span>
      )}
      <div className="flex flex-col gap-1">
        <span>Rozpoznano film {v.provider === 'youtube' ? 'YouTube' : 'Vimeo'} ({v.id})</span>
        {v.thumbnail && !show && (
          <button type="button" onClick={() => setShow(true)} className="self-start font-medium text-accent-700 hover:underline">Pokaż miniaturę (wczyta się z YouTube)</button>
        )}
      </div>
    </div>
  )
}

/** 4 Opis, cena i filmy (and, for guests, the account that will own the listing). */
export function DescriptionStep({ s, dispatch, guest }: StepProps & { guest: boolean }) {
  const grosze = parsePrice(s.price)
  const area = Number(String(s.attrs[4] ?? '').replace(',', '.'))
  const perM2 = grosze && area > 0 && s.offerType === 'sell' ? formatPricePerM2(grosze, area) : null
  const free = s.offerType === 'for_free'
  const set = (patch: Partial<OfferFormState>) => dispatch({ type: 'set', patch })
  return (
    <div className="flex flex-col gap-5">
      <Card title="Tytuł i opis">
        <InputBox label="Tytuł ogłoszenia" name="title" value={s.title} onChange={(title) => set({ title })} error={s.errors.title}
          hint={`${s.title.length}/${TITLE_MAX} znaków. Np. „Słoneczne 3 pokoje z balkonem blisko metra”`} />
        <div>
          <label htmlFor="offer-description" className={label}>Opis</label>
          <textarea id="offer-description" name="description" rows={10} value={s.description} onChange={(e) => set({ description: e.target.value })}
            aria-invalid={!!s.errors.description} aria-describedby="offer-description-m"
            className={`${box} h-auto min-h-48 resize-y py-3 leading-relaxed`} />
          <Msg id="offer-description-m" error={s.errors.description} hint={`${s.description.length.toLocaleString('pl-PL')}/${DESCRIPTION_MAX.toLocaleString('pl-PL')} znaków. Pusta linia zaczyna nowy akapit.`} />
        </div>
      </Card>
      <Card title="Cena">
        <div className="grid gap-4 sm:grid-cols-2">
          <InputBox label={s.offerType === 'rent' ? 'Cena za miesiąc' : free ? 'Cena (za darmo)' : 'Cena'} name="price" inputMode="decimal" unit="zł"
            value={free && !s.price ? '0' : s.price} onChange={(price) => set({ price })} error={s.errors.price}
            hint={perM2 ? <span data-testid="price-per-m2">Cena za m²: <strong className="text-slate-800">{perM2}</strong></span> : area > 0 ? undefined : 'Podaj powierzchnię w kroku „Szczegóły”, aby zobaczyć cenę za m²'} />
          <InputBox label="Widoczne od (opcjonalnie)" name="visible_from_date" type="date" value={s.visibleFrom} onChange={(visibleFrom) => set({ visibleFrom })}
            error={s.errors.visible_from_date} hint="Puste pole: ogłoszenie pojawi się od razu po publikacji. Późniejsza data to płatny dodatek, widoczny w kroku „Pakiet”." />
        </div>
      </Card>
      <Card title="Filmy" description="Wklej link do filmu z YouTube lub Vimeo. Filmy odtwarzają się na stronie ogłoszenia dopiero po kliknięciu.">
        {LINKS.map(([key, text]) => (
          <div key={key}>
            <InputBox label={text} name={`links.${key}`} type="url" inputMode="url" placeholder="https://www.youtube.com/watch?v=…" value={s.links[key]}
              onChange={(value) => dispatch({ type: 'link', key, value })} error={s.errors[`links.${key}`]} />
            <VideoPreview url={s.links[key]} />
          </div>
        ))}
      </Card>
      {guest && (
        <Card title="Twoje konto" description="Zakładamy dla Ciebie konto. Ogłoszenie pojawi się po kliknięciu w link aktywacyjny wysłany na podany adres e-mail.">
          <Toggles legend="Kim jesteś?" single error={s.errors['user.account_type']}
            options={[{ value: 'private', label: 'Osoba prywatna' }, { value: 'agency', label: 'Agencja nieruchomości' }, { value: 'developer', label: 'Deweloper' }]}
            value={[s.user.account_type]} onChange={(v) => v[0] && dispatch({ type: 'user', key: 'account_type', value: v[0] })} />
          <InputBox label="Imię i nazwisko lub nazwa firmy" name="user.name" autoComplete="name" value={s.user.name} onChange={(v) => dispatch({ type: 'user', key: 'name', value: v })} error={s.errors['user.name']} />
          <InputBox label="Email" name="user.email" type="email" inputMode="email" autoComplete="email" value={s.user.email} onChange={(v) => dispatch({ type: 'user', key: 'email', value: v })} error={s.errors['user.email'] ?? s.errors.user} />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputBox label="Hasło" name="user.password" type="password" autoComplete="new-password" value={s.user.password} onChange={(v) => dispatch({ type: 'user', key: 'password', value: v })}
              error={s.errors['user.password']} hint="Co najmniej 6 znaków, 1 wielka litera i cyfra" />
            <InputBox label="Powtórz hasło" name="user.rePassword" type="password" autoComplete="new-password" value={s.user.rePassword} onChange={(v) => dispatch({ type: 'user', key: 'rePassword', value: v })} error={s.errors['user.rePassword']} />
          </div>
        </Card>
      )}
    </div>
  )
}
