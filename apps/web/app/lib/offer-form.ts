// The listing form's state (one reducer, so nothing typed is lost between steps or on a failed submit), the
// request body built from it, per-step validation with the shared contracts schema, and the prefill from
// GET /api/offers/:id/edit. Pure: unit-tested without a DOM.
import { ATTRIBUTE_BY_ID, attributesForCategory, CATEGORY_BY_ID, type AttributeDef, type OfferType } from '@portal/contracts/catalogue'
import { attributeApplies, createOfferSchema, type EditOffer, type OfferPhoto } from '@portal/contracts/offer'
import type { FieldErrors } from './form-errors'

export const STEPS = ['Kategoria i typ', 'Szczegóły', 'Lokalizacja', 'Opis, cena i filmy', 'Zdjęcia', 'Pakiet', 'Podgląd'] as const
/** The package step (issue 11): the choice is saved on the listing before the preview. */
export const PACKAGE_STEP = 5
export const STEP_COUNT = STEPS.length
/** The step after which the listing exists on the server (photos need its id). */
export const CREATE_AFTER_STEP = 3

export type AttrValue = string | string[]
export interface UserBlock { account_type: 'private' | 'agency' | 'developer'; name: string; email: string; password: string; rePassword: string }
export interface Ecert { url: string; type: 'pdf' | 'image'; name: string }

export interface OfferFormState {
  step: number
  /** Highest step reached: the stepper lets one jump back and forth within it. */
  reached: number
  id: number | null
  slug: string | null
  status: string | null
  pendingActivation: boolean
  categoryId: number | null
  offerType: OfferType | ''
  adType: 'offer' | 'seek'
  attrs: Record<number, AttrValue>
  location: { lat: number; lon: number; name: string } | null
  locationText: string
  title: string
  description: string
  /** Złote as typed ('1 250 000', '3200,50'). */
  price: string
  links: { video: string; video_2: string; walk_video: string }
  visibleFrom: string
  user: UserBlock
  photos: OfferPhoto[]
  plans: OfferPhoto[]
  ecert: Ecert | null
  priceHistory: { price: number; changed_at: string }[]
  errors: FieldErrors
}

export const EMPTY_USER: UserBlock = { account_type: 'private', name: '', email: '', password: '', rePassword: '' }

export function initialState(): OfferFormState {
  return {
    step: 0, reached: 0, id: null, slug: null, status: null, pendingActivation: false,
    categoryId: null, offerType: '', adType: 'offer', attrs: {}, location: null, locationText: '',
    title: '', description: '', price: '', links: { video: '', video_2: '', walk_video: '' }, visibleFrom: '',
    user: { ...EMPTY_USER }, photos: [], plans: [], ecert: null, priceHistory: [], errors: {},
  }
}

/** zł text → grosze; null when it is not a number. Accepts spaces, NBSPs and a decimal comma. */
export function parsePrice(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.').replace(/zł$/i, '')
  if (!t || !/^\d+(\.\d{1,2})?$/.test(t)) return null
  return Math.round(Number(t) * 100)
}

export function grosze2text(g: number): string {
  return g % 100 === 0 ? String(g / 100) : (g / 100).toFixed(2).replace('.', ',')
}

/** The attributes the form shows for a category and offer type (offer-type-specific ones only where they apply). */
export function formAttributes(categoryId: number | null, offerType: string): AttributeDef[] {
  if (!categoryId || !offerType) return []
  return attributesForCategory(categoryId).filter((d) => d.id !== 1 && attributeApplies(d, categoryId, offerType))
}

export function buildAttributes(s: Pick<OfferFormState, 'categoryId' | 'offerType' | 'attrs'>): { id: number; value: AttrValue }[] {
  const shown = new Set(formAttributes(s.categoryId, s.offerType).map((d) => d.id))
  return Object.entries(s.attrs)
    .map(([id, value]) => ({ id: Number(id), value }))
    .filter((a) => shown.has(a.id) && (Array.isArray(a.value) ? a.value.length > 0 : a.value !== ''))
    .sort((a, b) => a.id - b.id)
}

/** The POST/PUT body (spec §3 names). Values kept as typed are converted here, never in the state. */
export function buildPayload(s: OfferFormState, opts: { guest: boolean; status?: 'draft' | 'publish' }) {
  const price = parsePrice(s.price)
  const body: Record<string, unknown> = {
    title: s.title,
    category_id: s.categoryId ?? undefined,
    offer_type: s.offerType || undefined,
    ad_type: s.adType,
    price: s.offerType === 'for_free' ? price ?? 0 : price ?? undefined,
    description: s.description,
    location: s.location ?? undefined,
    links: { video: s.links.video.trim() || null, video_2: s.links.video_2.trim() || null, walk_video: s.links.walk_video.trim() || null },
    visible_from_date: s.visibleFrom || null,
    attributes: buildAttributes(s),
  }
  if (opts.status) body.status = opts.status
  if (opts.guest) body.user = s.user
  return body
}

/** Which step a field key belongs to, to send the user to the first step with a message. */
export function stepOfField(key: string): number {
  if (/^(category_id|offer_type|ad_type)/.test(key)) return 0
  if (key.startsWith('attr.') || key.startsWith('attributes')) return 1
  if (key.startsWith('location')) return 2
  if (key.startsWith('photos') || key.startsWith('file')) return 4
  return 3
}

/** Field errors of a zod or API error list, with attribute indexes turned into `attr.{id}` keys. */
export function mapErrors(errors: FieldErrors, attributes: { id: number }[]): FieldErrors {
  const out: FieldErrors = {}
  for (const [key, msg] of Object.entries(errors)) {
    const m = /^attributes\.(\d+)(?:\.value)?$/.exec(key)
    let k = key
    if (m) {
      const id = attributes[Number(m[1])]?.id
      k = id ? `attr.${id}` : 'attributes'
    } else if (/^location\./.test(key)) k = 'location'
    if (!(k in out)) out[k] = msg
  }
  return out
}

/** Client-side check of the steps up to `upTo` with the shared schema; messages only for those steps' fields. */
export function validateSteps(s: OfferFormState, upTo: number, guest: boolean): FieldErrors {
  const body = buildPayload(s, { guest, status: 'draft' })
  if (!guest) delete body.user
  const r = createOfferSchema.safeParse(body)
  const all: FieldErrors = {}
  if (!r.success) {
    for (const issue of r.error.issues) {
      const key = issue.path.map(String).join('.')
      if (key && !(key in all)) all[key] = issue.message
    }
  }
  if (upTo >= 3 && s.offerType !== 'for_free' && parsePrice(s.price) === null) {
    all.price = s.price.trim() ? 'Podaj cenę w złotych, np. 450 000' : 'Podaj cenę'
  }
  if (upTo >= 2 && !s.location) all.location = 'Wybierz miejscowość z listy podpowiedzi'
  const mapped = mapErrors(all, body.attributes as { id: number }[])
  return Object.fromEntries(Object.entries(mapped).filter(([k]) => stepOfField(k) <= upTo && !(guest === false && k.startsWith('user'))))
}

/** Prefill from GET /api/offers/:id/edit. */
export function fromEdit(e: EditOffer, history: { price: number; changed_at: string }[] = []): OfferFormState {
  const attrs: Record<number, AttrValue> = {}
  for (const a of e.attributes) if (ATTRIBUTE_BY_ID.has(a.id)) attrs[a.id] = a.value
  return {
    ...initialState(),
    step: 0, reached: STEP_COUNT - 1, id: e.id, slug: e.slug, status: e.status, pendingActivation: e.pending_activation,
    categoryId: e.category_id, offerType: e.offer_type, adType: e.ad_type, attrs,
    location: e.location, locationText: e.location.name,
    title: e.title, description: e.description, price: grosze2text(e.price),
    links: { video: e.links.video ?? '', video_2: e.links.video_2 ?? '', walk_video: e.links.walk_video ?? '' },
    visibleFrom: e.visible_from_date ?? '', photos: e.photos, plans: e.project_plan_photos,
    ecert: e.ecertificate?.file ?? null, priceHistory: history,
  }
}

export type Action =
  | { type: 'set'; patch: Partial<OfferFormState>; clear?: string[] }
  | { type: 'attr'; id: number; value: AttrValue }
  | { type: 'user'; key: keyof UserBlock; value: string }
  | { type: 'link'; key: keyof OfferFormState['links']; value: string }
  | { type: 'go'; step: number }
  | { type: 'errors'; errors: FieldErrors }
  | { type: 'saved'; edit: Partial<OfferFormState> }
  | { type: 'photos'; kind: 'photo' | 'plan'; list: OfferPhoto[] }
  | { type: 'photoAdd'; kind: 'photo' | 'plan'; photo: OfferPhoto }
  /** A place name looked up for a point set on the map before any place was chosen. */
  | { type: 'nameLocation'; name: string }

function without(errors: FieldErrors, keys: string[]): FieldErrors {
  if (!keys.some((k) => k in errors)) return errors
  const out = { ...errors }
  for (const k of keys) delete out[k]
  return out
}

export function reducer(s: OfferFormState, a: Action): OfferFormState {
  switch (a.type) {
    case 'nameLocation':
      // Only fills a gap: a name chosen meanwhile (autocomplete, city list) wins over the lookup.
      return s.location && !s.location.name ? { ...s, location: { ...s.location, name: a.name }, locationText: a.name } : s
    case 'set': {
      const next = { ...s, ...a.patch }
      // A category without the chosen offer type resets it (the user picks again; attributes stay in the state).
      if (a.patch.categoryId !== undefined && next.categoryId && next.offerType) {
        const cat = CATEGORY_BY_ID.get(next.categoryId)
        if (cat && !cat.offerTypes.includes(next.offerType as OfferType)) next.offerType = ''
      }
      return { ...next, errors: without(s.errors, a.clear ?? Object.keys(a.patch).map(snake)) }
    }
    case 'attr':
      return { ...s, attrs: { ...s.attrs, [a.id]: a.value }, errors: without(s.errors, [`attr.${a.id}`, 'attributes']) }
    case 'user':
      return { ...s, user: { ...s.user, [a.key]: a.value }, errors: without(s.errors, [`user.${a.key}`, 'user']) }
    case 'link':
      return { ...s, links: { ...s.links, [a.key]: a.value }, errors: without(s.errors, [`links.${a.key}`]) }
    case 'go':
      return { ...s, step: a.step, reached: Math.max(s.reached, a.step) }
    case 'errors':
      return { ...s, errors: a.errors }
    case 'saved':
      return { ...s, ...a.edit }
    case 'photos':
      return a.kind === 'photo' ? { ...s, photos: a.list } : { ...s, plans: a.list }
    case 'photoAdd': {
      const list = [...(a.kind === 'photo' ? s.photos : s.plans), a.photo].sort((x, y) => x.position - y.position)
      return a.kind === 'photo' ? { ...s, photos: list } : { ...s, plans: list }
    }
  }
}

const SNAKE: Record<string, string> = { categoryId: 'category_id', offerType: 'offer_type', adType: 'ad_type', visibleFrom: 'visible_from_date' }
function snake(k: string): string {
  return SNAKE[k] ?? k
}

/** Moves one item of a list (keyboard reordering of photos). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list]
  const out = [...list]
  const [item] = out.splice(from, 1)
  out.splice(to, 0, item!)
  return out
}

/**
 * The form's start from a query string (the valuation's 'Dodaj ogłoszenie', issue 26): ?kategoria=1&typ=sell|rent
 * &miasto={slug}&dzielnica={slug}&metraz=&pokoje=&pietro=&rok=&stan=&rynek=&cena= (zł). Unknown or malformed values
 * are skipped; the place is the district's (else the city's) centre, to be moved on the map.
 */
export function prefillFromQuery(p: URLSearchParams, cities: { slug: string; name: string; lat: number; lon: number; districts: { name: string; slug: string; lat: number; lon: number }[] }[]): Partial<OfferFormState> | null {
  const categoryId = Number(p.get('kategoria'))
  if (!CATEGORY_BY_ID.has(categoryId)) return null
  const out: Partial<OfferFormState> = { categoryId }
  const typ = p.get('typ')
  if (typ === 'sell' || typ === 'rent') out.offerType = typ
  const attrs: Record<number, AttrValue> = {}
  const shown = new Map(formAttributes(categoryId, out.offerType ?? 'sell').map((d) => [d.id, d]))
  const option = (id: number, v: string | null) => {
    const def = shown.get(id)
    if (v && def?.options?.some((o) => o.slug === v)) attrs[id] = v
  }
  const area = p.get('metraz')
  if (area && /^\d{1,4}([.,]\d{1,2})?$/.test(area) && shown.has(4)) attrs[4] = area.replace('.', ',')
  const rooms = Number(p.get('pokoje'))
  if (Number.isInteger(rooms) && rooms >= 1) option(11, String(Math.min(5, rooms)))
  const floorText = p.get('pietro')
  const floor = floorText && /^-?\d{1,2}$/.test(floorText) ? Number(floorText) : null
  if (floor !== null) option(9, floor < 0 ? 'suterena' : floor === 0 ? 'parter' : floor > 10 ? 'powyzej-10' : String(floor))
  const year = p.get('rok')
  if (year && /^\d{4}$/.test(year) && shown.has(18)) attrs[18] = year
  option(12, p.get('stan'))
  option(19, p.get('rynek'))
  out.attrs = attrs
  const city = cities.find((c) => c.slug === p.get('miasto'))
  const district = city?.districts.find((d) => d.slug === p.get('dzielnica'))
  if (city) {
    const name = district ? `${city.name}, ${district.name}` : city.name
    out.location = { lat: (district ?? city).lat, lon: (district ?? city).lon, name }
    out.locationText = name
  }
  const price = p.get('cena')
  if (price && /^\d{1,10}$/.test(price)) out.price = price
  return out
}
