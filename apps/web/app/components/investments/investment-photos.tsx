import { useRef, useState } from 'react'
import { photoUrl } from '@portal/contracts/plain/listing'
import { INVESTMENT_MAX_PHOTOS, investmentPhotoId } from '@portal/contracts/plain/investments'
import type { InvestmentDetail } from '@portal/contracts/investments'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { countLabel } from '@portal/contracts/format'
import { Card } from '~/components/offer-form/fields'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { uploadFile } from '~/lib/offer-upload'
import { useToast } from '~/lib/toast'

type Photo = InvestmentDetail['photos'][number]
const PHOTO_FORMS = ['zdjęcie', 'zdjęcia', 'zdjęć'] as const
const small = 'inline-flex size-10 items-center justify-center rounded-full bg-white/95 text-slate-800 shadow hover:bg-white disabled:opacity-40'

/**
 * The gallery of /inwestycje/{slug}: photos upload one by one in the order chosen (each saved at once, like a
 * listing's), move earlier or later (the first is the cover) and go away with their files.
 */
export function InvestmentPhotos({ id, initial }: { id: number; initial: Photo[] }) {
  const [photos, setPhotos] = useState(initial)
  const [uploading, setUploading] = useState<{ done: number; total: number; fraction: number } | null>(null)
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const toast = useToast()

  async function add(files: File[]) {
    const room = INVESTMENT_MAX_PHOTOS - photos.length
    if (files.length > room) toast.error(`Można dodać jeszcze ${countLabel(room, PHOTO_FORMS)}.`)
    const chosen = files.slice(0, Math.max(0, room))
    // One at a time: the gallery keeps the order in which they were chosen.
    for (const [i, file] of chosen.entries()) {
      setUploading({ done: i, total: chosen.length, fraction: 0 })
      const r = await uploadFile<{ photos: Photo[] }>(`/api/investments/${id}/photos`, file,
        (fraction) => setUploading({ done: i, total: chosen.length, fraction }))
      if (r.ok) setPhotos(r.data.photos)
      else toast.error(`${file.name}: ${r.message}`)
    }
    setUploading(null)
    if (input.current) input.current.value = ''
  }

  async function change(run: () => Promise<Photo[] | null>, ok: string) {
    if (busy) return
    setBusy(true)
    try {
      const next = await run()
      if (next) setPhotos(next)
      toast.success(ok)
    } catch (err) {
      toast.error(err instanceof ApiError && err.status < 500 ? err.message : CLIENT_MESSAGES.serverError)
    } finally {
      setBusy(false)
    }
  }
  const move = (from: number, to: number) => change(async () => {
    const ids = photos.map((p) => investmentPhotoId(p.key))
    ids.splice(to, 0, ...ids.splice(from, 1))
    return (await api.patch<{ photos: Photo[] }>(`/api/investments/${id}/photos/order`, { ids }, { silent: true })).photos
  }, to === 0 ? 'Ustawiono zdjęcie główne.' : 'Zmieniono kolejność zdjęć.')
  const remove = (p: Photo) => change(async () => {
    await api.delete(`/api/investments/${id}/photos/${investmentPhotoId(p.key)}`, { silent: true })
    return photos.filter((x) => x.key !== p.key)
  }, 'Usunięto zdjęcie.')

  return (
    <Card title="Zdjęcia" description={`Pierwsze zdjęcie jest zdjęciem głównym inwestycji. JPEG, PNG, WebP, AVIF lub HEIC do 15 MB, najwyżej ${INVESTMENT_MAX_PHOTOS}.`}>
      {photos.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Zdjęcia inwestycji">
          {photos.map((p, i) => (
            <li key={p.key} className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
              <img src={photoUrl(p.key, 'sm')} alt={`Zdjęcie ${i + 1}`} width={p.width} height={p.height} loading="lazy"
                className="aspect-[4/3] w-full bg-cover bg-center object-cover"
                style={p.placeholder ? { backgroundImage: `url("${p.placeholder}")` } : undefined} />
              {i === 0 && <span className="absolute left-2 top-2 rounded-full bg-accent-700 px-2.5 py-1 text-xs font-semibold text-white">Zdjęcie główne</span>}
              <div className="absolute inset-x-2 bottom-2 flex justify-between gap-1">
                <div className="flex gap-1">
                  <button type="button" className={small} disabled={busy || i === 0} onClick={() => move(i, i - 1)} aria-label={`Przesuń zdjęcie ${i + 1} wcześniej`}>←</button>
                  <button type="button" className={small} disabled={busy || i === photos.length - 1} onClick={() => move(i, i + 1)} aria-label={`Przesuń zdjęcie ${i + 1} dalej`}>→</button>
                </div>
                <button type="button" className={small} disabled={busy} onClick={() => remove(p)} aria-label={`Usuń zdjęcie ${i + 1}`}>×</button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label className={`inline-flex min-h-12 cursor-pointer items-center rounded-full border border-slate-300 bg-white px-5 font-semibold text-slate-800 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600 ${uploading || photos.length >= INVESTMENT_MAX_PHOTOS ? 'pointer-events-none opacity-60' : ''}`}>
          <input ref={input} type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif" multiple className="sr-only"
            disabled={!!uploading || photos.length >= INVESTMENT_MAX_PHOTOS} onChange={(e) => void add([...(e.target.files ?? [])])} />
          Dodaj zdjęcia
        </label>
        <p className="text-[15px] text-slate-600" role="status">
          {uploading
            ? `Wysyłam ${uploading.done + 1} z ${uploading.total} (${Math.round(uploading.fraction * 100)} %)…`
            : photos.length ? countLabel(photos.length, PHOTO_FORMS) : 'Brak zdjęć.'}
        </p>
      </div>
    </Card>
  )
}
