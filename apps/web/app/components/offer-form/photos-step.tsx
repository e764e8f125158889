import { useRef, useState, type Dispatch } from 'react'
import { MAX_PHOTOS, MAX_PLANS, PHOTO_MAX_BYTES } from '@portal/contracts/plain/offer'
import type { OfferPhoto } from '@portal/contracts/offer'
import { api } from '~/lib/api'
import { move, type Action, type Ecert, type OfferFormState } from '~/lib/offer-form'
import { uploadFile } from '~/lib/offer-upload'
import { useToast } from '~/lib/toast'
import { DownIcon, FileIcon, TrashIcon, UpIcon, UploadIcon } from '../offer/offer-icons'
import { Card } from './fields'

interface Pending { key: string; name: string; progress: number; error: string | null; preview: string }
type Kind = 'photo' | 'plan'
// The extensions too: some systems give HEIC files no (or a generic) MIME type.
const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif'

function PhotoList({ kind, s, dispatch, offerId }: { kind: Kind; s: OfferFormState; dispatch: Dispatch<Action>; offerId: number }) {
  const toast = useToast()
  const list = kind === 'photo' ? s.photos : s.plans
  const max = kind === 'photo' ? MAX_PHOTOS : MAX_PLANS
  const [pending, setPending] = useState<Pending[]>([])
  const [over, setOver] = useState(false)
  const [dragFrom, setDragFrom] = useState<number | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const noun = kind === 'photo' ? 'zdjęcie' : 'plan'
  // The list as last rendered, for the order fix after a batch (the closure of add() holds the list of its start).
  const listRef = useRef(list)
  listRef.current = list

  async function add(files: FileList | File[]) {
    const room = max - list.length - pending.filter((p) => !p.error).length
    const chosen = [...files].slice(0, Math.max(0, room))
    if (files.length > chosen.length) toast.warning(kind === 'photo' ? `Możesz dodać najwyżej ${MAX_PHOTOS} zdjęć` : `Możesz dodać najwyżej ${MAX_PLANS} planów`)
    const items = chosen.map((f) => ({ file: f, item: { key: `${Date.now()}-${Math.random()}`, name: f.name, progress: 0, error: null, preview: URL.createObjectURL(f) } as Pending }))
    setPending((p) => [...p, ...items.map((i) => i.item)])
    // One file per call (the API's contract), two at a time.
    const queue = items.map((it, index) => ({ ...it, index }))
    const stored: (number | undefined)[] = []
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { file, item, index } = next
        const patch = (x: Partial<Pending>) => setPending((p) => p.map((q) => (q.key === item.key ? { ...q, ...x } : q)))
        if (file.size > PHOTO_MAX_BYTES) {
          patch({ error: 'Plik jest za duży. Maksymalny rozmiar to 15 MB' })
          continue
        }
        const r = await uploadFile<OfferPhoto>(`/api/offers/${offerId}/photos?kind=${kind}`, file, (f) => patch({ progress: f }))
        if (r.ok) {
          stored[index] = r.data.id
          dispatch({ type: 'photoAdd', kind, photo: r.data })
          setPending((p) => p.filter((q) => q.key !== item.key))
          URL.revokeObjectURL(item.preview)
        } else patch({ error: r.message })
      }
    }
    await Promise.all([worker(), worker()])
    await keepChosenOrder(stored.filter((id): id is number => id !== undefined))
  }

  /**
   * Two uploads run at once and the server appends each as it arrives, so 1, 2, 3 could be stored 2, 1, 3 and the
   * wrong photo become the cover. The batch's photos go back into the order they were chosen in, in the slots they
   * took; the rest of the list keeps its place.
   */
  async function keepChosenOrder(chosenIds: number[]) {
    if (chosenIds.length < 2) return
    await new Promise((r) => setTimeout(r, 0)) // the last photoAdd rendered: listRef holds the whole list
    const current = listRef.current.map((p) => p.id)
    const mine = new Set(chosenIds)
    const wanted = chosenIds.filter((id) => current.includes(id))
    let k = 0
    const ids = current.map((id) => (mine.has(id) ? wanted[k++]! : id))
    if (ids.every((id, i) => id === current[i])) return
    try {
      const r = await api.patch<{ photos: OfferPhoto[]; project_plan_photos: OfferPhoto[] }>(`/api/offers/${offerId}/photos/order`, { ids }, { silent: true })
      dispatch({ type: 'photos', kind, list: kind === 'photo' ? r.photos : r.project_plan_photos })
    } catch {
      toast.error('Nie udało się zapisać kolejności. Spróbuj ponownie.')
    }
  }

  async function reorder(from: number, to: number) {
    const next = move(list, from, to)
    if (next.every((p, i) => p.id === list[i]?.id)) return
    dispatch({ type: 'photos', kind, list: next })
    try {
      const r = await api.patch<{ photos: OfferPhoto[]; project_plan_photos: OfferPhoto[] }>(`/api/offers/${offerId}/photos/order`, { ids: next.map((p) => p.id) }, { silent: true })
      dispatch({ type: 'photos', kind, list: kind === 'photo' ? r.photos : r.project_plan_photos })
    } catch {
      dispatch({ type: 'photos', kind, list })
      toast.error('Nie udało się zapisać kolejności. Spróbuj ponownie.')
    }
  }

  async function remove(p: OfferPhoto) {
    try {
      await api.delete(`/api/offers/${offerId}/photos/${p.id}`, { silent: true })
      dispatch({ type: 'photos', kind, list: list.filter((x) => x.id !== p.id) })
    } catch {
      toast.error('Nie udało się usunąć pliku. Spróbuj ponownie.')
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div
        onDragOver={(e) => { if (e.dataTransfer.types.includes('Files')) { e.preventDefault(); setOver(true) } }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => { if (e.dataTransfer.files.length) { e.preventDefault(); setOver(false); void add(e.dataTransfer.files) } }}
        className={`flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors ${over ? 'border-accent-600 bg-accent-50' : 'border-slate-300 bg-slate-50'}`}
      >
        <UploadIcon size={32} className="text-slate-500" />
        <p className="text-[15px] text-slate-700">Przeciągnij tutaj pliki albo</p>
        <label className="inline-flex min-h-11 cursor-pointer items-center rounded-full bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600">
          {kind === 'photo' ? 'Wybierz zdjęcia' : 'Wybierz plany'}
          <input ref={input} type="file" multiple accept={ACCEPT} className="sr-only" aria-label={kind === 'photo' ? 'Dodaj zdjęcia' : 'Dodaj plany'}
            onChange={(e) => { if (e.target.files?.length) void add(e.target.files); e.target.value = '' }} />
        </label>
        <p className="text-sm text-slate-500">JPG, PNG, WebP lub HEIC, do 15 MB. {list.length}/{max}</p>
      </div>

      {(list.length > 0 || pending.length > 0) && (
        <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={kind === 'photo' ? 'Dodane zdjęcia' : 'Dodane plany'}>
          {list.map((p, i) => (
            <li key={p.id} draggable onDragStart={() => setDragFrom(i)} onDragOver={(e) => dragFrom !== null && e.preventDefault()}
              onDrop={(e) => { e.preventDefault(); if (dragFrom !== null) void reorder(dragFrom, i); setDragFrom(null) }}
              className="group relative flex cursor-grab flex-col overflow-hidden rounded-xl border border-slate-200 bg-white" data-photo-id={p.id}>
              <div className="relative aspect-[4/3] bg-slate-100">
                <img src={p.url} srcSet={p.srcset} sizes="300px" alt={`${noun} ${i + 1}`} width={p.width} height={p.height} className="size-full object-cover" />
                {kind === 'photo' && i === 0 && <span className="absolute left-2 top-2 rounded-full bg-accent-600 px-2.5 py-0.5 text-xs font-semibold text-white">Główne</span>}
              </div>
              <div className="flex items-center justify-between gap-1 px-2 py-1.5">
                <span className="text-sm text-slate-600">{i + 1}.</span>
                <div className="flex gap-1">
                  <IconBtn label={`Przesuń ${noun} ${i + 1} wcześniej`} disabled={i === 0} onClick={() => reorder(i, i - 1)}><UpIcon size={18} /></IconBtn>
                  <IconBtn label={`Przesuń ${noun} ${i + 1} dalej`} disabled={i === list.length - 1} onClick={() => reorder(i, i + 1)}><DownIcon size={18} /></IconBtn>
                  <IconBtn label={`Usuń ${noun} ${i + 1}`} onClick={() => remove(p)} danger><TrashIcon size={18} /></IconBtn>
                </div>
              </div>
            </li>
          ))}
          {pending.map((p) => (
            <li key={p.key} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
              <div className="relative aspect-[4/3] bg-slate-100">
                <img src={p.preview} alt="" className={`size-full object-cover ${p.error ? 'opacity-40' : 'opacity-70'}`} />
              </div>
              <div className="px-3 py-2">
                <p className="truncate text-sm text-slate-700">{p.name}</p>
                {p.error ? (
                  <div className="flex items-start justify-between gap-2">
                    <p role="alert" className="text-sm font-medium text-red-700">{p.error}</p>
                    <button type="button" className="shrink-0 text-sm font-medium text-slate-600 underline" onClick={() => setPending((x) => x.filter((q) => q.key !== p.key))}>Ukryj</button>
                  </div>
                ) : (
                  <progress max={1} value={p.progress} aria-label={`Wysyłanie ${p.name}`} className="mt-1 h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-accent-600" />
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {list.length > 1 && <p className="text-sm text-slate-500">Zmień kolejność, przeciągając zdjęcia albo przyciskami strzałek. Pierwsze zdjęcie jest główne.</p>}
    </div>
  )
}

function IconBtn({ label, onClick, disabled, danger, children }: { label: string; onClick: () => void; disabled?: boolean; danger?: boolean; children: React.ReactNode }) {
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} disabled={disabled}
      className={`inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 disabled:opacity-30 ${danger ? 'hover:text-red-700' : 'hover:text-slate-900'}`}>
      {children}
    </button>
  )
}

function Certificate({ s, dispatch, offerId }: { s: OfferFormState; dispatch: Dispatch<Action>; offerId: number }) {
  const [busy, setBusy] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  async function send(file: File) {
    setError(null)
    setBusy(0)
    const r = await uploadFile<{ file: Ecert | null }>(`/api/offers/${offerId}/ecertificate`, file, setBusy)
    setBusy(null)
    if (r.ok) dispatch({ type: 'set', patch: { ecert: r.data.file } })
    else setError(r.message)
  }
  return (
    <div className="flex flex-col gap-2">
      {s.ecert && (
        <a href={s.ecert.url} target="_blank" rel="noopener" className="inline-flex items-center gap-2 text-[15px] font-medium text-accent-700 hover:underline">
          <FileIcon size={18} /> {s.ecert.name}
        </a>
      )}
      <label className="inline-flex min-h-11 w-fit cursor-pointer items-center rounded-full border border-slate-300 bg-white px-5 font-semibold text-slate-800 hover:border-slate-400 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600">
        {s.ecert ? 'Zmień świadectwo' : 'Dodaj świadectwo (PDF lub zdjęcie)'}
        <input type="file" accept="application/pdf,image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif" className="sr-only" aria-label="Świadectwo charakterystyki energetycznej"
          onChange={(e) => { const f = e.target.files?.[0]; if (f) void send(f); e.target.value = '' }} />
      </label>
      {busy !== null && <progress max={1} value={busy} aria-label="Wysyłanie świadectwa" className="h-2 w-full max-w-xs" />}
      {error && <p role="alert" className="text-sm font-medium text-red-700">{error}</p>}
      <p className="text-sm text-slate-500">Wskaźniki EP, CO₂ i OZE wpiszesz w kroku „Szczegóły”.</p>
    </div>
  )
}

/** 5 Zdjęcia: photos, plans and the energy certificate, uploaded to the saved listing one file per call. */
export function PhotosStep({ s, dispatch }: { s: OfferFormState; dispatch: Dispatch<Action> }) {
  if (!s.id) return <Card title="Zdjęcia"><p className="text-slate-600">Najpierw zapisz ogłoszenie w poprzednim kroku.</p></Card>
  return (
    <div className="flex flex-col gap-5">
      <Card title="Zdjęcia" description="Dobre zdjęcia to najwięcej zapytań: jasne, poziome, z każdego pomieszczenia.">
        <PhotoList kind="photo" s={s} dispatch={dispatch} offerId={s.id} />
      </Card>
      <Card title="Plany (opcjonalnie)">
        <PhotoList kind="plan" s={s} dispatch={dispatch} offerId={s.id} />
      </Card>
      <Card title="Świadectwo charakterystyki energetycznej (opcjonalnie)">
        <Certificate s={s} dispatch={dispatch} offerId={s.id} />
      </Card>
    </div>
  )
}
