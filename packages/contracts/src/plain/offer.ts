import { ATTRIBUTE_BY_ID, CATEGORY_BY_ID, LEASE_YEARS, MULTI_VALUED_IDS, type AttributeDef } from '../catalogue/index.ts'
export { parseVideoUrl, type VideoInfo } from '../offer-video.ts'

/**
 * Listings API contracts (issue 5): adding, editing and managing listings, the public listing page, photos,
 * contact, phone reveal and reports. One schema per call; Polish messages shared by the form and the API's 422.
 */
export const OFFER_MESSAGES = {
  titleRequired: 'Tytuł jest wymagany',
  titleTooLong: 'Tytuł może mieć najwyżej 70 znaków',
  descriptionRequired: 'Opis jest wymagany',
  descriptionTooLong: 'Opis może mieć najwyżej 17 000 znaków',
  categoryRequired: 'Wybierz kategorię',
  offerTypeRequired: 'Wybierz rodzaj oferty',
  offerTypeNotAllowed: 'Ta kategoria nie obsługuje wybranego rodzaju oferty',
  adTypeInvalid: 'Wybierz: oferuję lub szukam',
  priceRequired: 'Podaj cenę',
  priceInvalid: 'Cena musi być liczbą całkowitą (w groszach), nie mniejszą niż 0',
  locationRequired: 'Wskaż lokalizację na mapie',
  videoInvalid: 'Dozwolone są tylko linki do YouTube lub Vimeo',
  visibleFromInvalid: 'Podaj poprawną datę publikacji (RRRR-MM-DD)',
  statusInvalid: 'Status musi mieć wartość draft lub publish',
  attributeUnknown: 'Nieznany parametr',
  attributeNotApplicable: 'Ten parametr nie dotyczy wybranej kategorii lub rodzaju oferty',
  attributeDuplicate: 'Parametr podano więcej niż raz',
  attributeOption: 'Wybierz jedną z dostępnych wartości',
  attributeBoolean: "Ten parametr przyjmuje tylko wartość 'true'",
  attributeList: 'Ten parametr przyjmuje listę wartości',
  attributeNumber: 'Podaj liczbę',
  attributeDate: 'Podaj datę w formacie RRRR-MM-DD',
  attributeText: 'Podaj wartość tekstową',
  leaseYears: `Okres dzierżawy musi wynosić od ${LEASE_YEARS.min} do ${LEASE_YEARS.max} lat`,
  // Files.
  fileRequired: 'Wybierz plik',
  kindInvalid: 'Rodzaj pliku musi mieć wartość photo lub plan',
  photoNotImage: 'Plik musi być zdjęciem (JPG, PNG, WebP lub HEIC)',
  heicUnsupported: 'Format HEIC nie jest obsługiwany',
  photoTooLarge: 'Plik jest za duży. Maksymalny rozmiar to 15 MB',
  tooManyPixels: 'Obraz ma zbyt dużą rozdzielczość (najwyżej 50 megapikseli)',
  tooManyPhotos: 'Możesz dodać najwyżej 40 zdjęć',
  tooManyPlans: 'Możesz dodać najwyżej 10 planów',
  ecertificateInvalid: 'Świadectwo energetyczne musi być plikiem PDF lub zdjęciem',
  orderInvalid: 'Podaj kolejność wszystkich zdjęć tego rodzaju',
  // Contact, report.
  contactNameRequired: 'Podaj imię',
  contactMessageRequired: 'Wpisz treść wiadomości',
  contactMessageTooLong: 'Wiadomość może mieć najwyżej 5000 znaków',
  reportReasonRequired: 'Wybierz powód zgłoszenia',
  reportMessageTooLong: 'Opis zgłoszenia może mieć najwyżej 2000 znaków',
  // Answers.
  notFound: 'Nie znaleziono ogłoszenia.',
  gone: 'To ogłoszenie jest już nieaktualne.',
  forbidden: 'Nie możesz zmieniać tego ogłoszenia.',
  notRenewable: 'Tego ogłoszenia nie można przedłużyć.',
  notPublishable: 'Tego ogłoszenia nie można opublikować.',
  tooManyRequests: 'Zbyt wiele żądań. Spróbuj ponownie później.',
  userRequired: 'Zaloguj się albo podaj dane do założenia konta',
} as const

export const TITLE_MAX = 70
export const DESCRIPTION_MAX = 17_000
/** Days a listing runs after activation or renewal. */
export const OFFER_DURATION_DAYS = 30
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024
export const MAX_PHOTOS = 40
export const MAX_PLANS = 10

export const OFFER_STATUSES = ['draft', 'awaiting_payment', 'pending', 'active', 'expired', 'ended', 'rejected', 'suspended'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  draft: 'Szkice', awaiting_payment: 'Do opłacenia', pending: 'Oczekujące', active: 'Aktywne', expired: 'Wygasłe', ended: 'Zakończone',
  rejected: 'Odrzucone', suspended: 'Zawieszone',
}
export const ACCOUNT_TYPES = ['private', 'agency', 'developer'] as const
export const PHOTO_KINDS = ['photo', 'plan'] as const
export const REPORT_REASONS = ['oszustwo', 'nieaktualne', 'bledne-dane', 'duplikat', 'nieodpowiednia-tresc', 'inne'] as const
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  oszustwo: 'Oszustwo', nieaktualne: 'Ogłoszenie nieaktualne', 'bledne-dane': 'Błędne dane', duplikat: 'Duplikat',
  'nieodpowiednia-tresc': 'Nieodpowiednia treść', inne: 'Inne',
}

/** Groups of the listing page's parameter table, in display order. */
export const ATTRIBUTE_GROUPS = ['Podstawowe', 'Budynek', 'Wyposażenie', 'Okolica', 'Energia'] as const
export type AttributeGroup = (typeof ATTRIBUTE_GROUPS)[number]
const GROUP_BY_ID: Record<number, AttributeGroup> = {
  9: 'Budynek', 10: 'Budynek', 18: 'Budynek', 30: 'Budynek', 16: 'Wyposażenie', 17: 'Okolica', 34: 'Energia', 35: 'Energia', 36: 'Energia',
}
export const attributeGroup = (id: number): AttributeGroup => GROUP_BY_ID[id] ?? 'Podstawowe'

// ---------------------------------------------------------------------------------------------------------------
// Attribute values against the catalogue.

export type AttributeValueOut = string | string[]
export interface AttributeIssue { index: number; message: string }

const NUMBER_RE = /^-?\d+(?:[.,]\d+)?$/
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/

/** Does the attribute apply to this category and offer type? */
export function attributeApplies(def: AttributeDef, categoryId: number, offerType: string): boolean {
  const cat = CATEGORY_BY_ID.get(categoryId)
  if (!cat || !cat.attributes.includes(def.id)) return false
  return !def.offerTypes || (def.offerTypes as string[]).includes(offerType)
}

/**
 * Checks one value against its definition and returns the normalized value (booleans 'true', numbers as plain
 * decimal strings, multi-valued as de-duplicated slug lists) or a message.
 */
export function normalizeAttributeValue(def: AttributeDef, raw: unknown): { value: AttributeValueOut } | { error: string } {
  const multi = (MULTI_VALUED_IDS as readonly number[]).includes(def.id) || def.type === 'multi_choice'
  if (multi) {
    if (!Array.isArray(raw)) return { error: OFFER_MESSAGES.attributeList }
    const out: string[] = []
    for (const v of raw) {
      if (typeof v !== 'string' || !def.options?.some((o) => o.slug === v)) return { error: OFFER_MESSAGES.attributeOption }
      if (!out.includes(v)) out.push(v)
    }
    return { value: out }
  }
  if (def.type === 'boolean') {
    return raw === 'true' || raw === true ? { value: 'true' } : { error: OFFER_MESSAGES.attributeBoolean }
  }
  if (def.type === 'choice') {
    const v = typeof raw === 'number' ? String(raw) : raw
    return typeof v === 'string' && def.options?.some((o) => o.slug === v) ? { value: v } : { error: OFFER_MESSAGES.attributeOption }
  }
  if (def.type === 'integer' || def.type === 'numeric') {
    const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : ''
    if (!NUMBER_RE.test(s)) return { error: def.id === 32 ? OFFER_MESSAGES.leaseYears : OFFER_MESSAGES.attributeNumber }
    const n = Number(s.replace(',', '.'))
    if (!Number.isFinite(n) || (def.type === 'integer' && !Number.isInteger(n))) {
      return { error: def.id === 32 ? OFFER_MESSAGES.leaseYears : OFFER_MESSAGES.attributeNumber }
    }
    const min = def.id === 32 ? LEASE_YEARS.min : def.min ?? 0
    const max = def.id === 32 ? LEASE_YEARS.max : def.max ?? 1e12
    if (n < min || n > max) {
      return { error: def.id === 32 ? OFFER_MESSAGES.leaseYears : `Wartość musi być od ${min} do ${max}` }
    }
    return { value: String(n) }
  }
  if (def.type === 'date') {
    if (typeof raw !== 'string' || !DATE_RE.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`))) {
      return { error: OFFER_MESSAGES.attributeDate }
    }
    return { value: raw }
  }
  if (typeof raw !== 'string' || raw.length > 200) return { error: OFFER_MESSAGES.attributeText }
  return { value: raw.trim() }
}

/** Validates a whole attribute list for a category and offer type; returns normalized values or per-index issues. */
export function validateAttributes(categoryId: number, offerType: string, list: { id: number; value: unknown }[]) {
  const issues: AttributeIssue[] = []
  const values: { id: number; value: AttributeValueOut }[] = []
  const seen = new Set<number>()
  list.forEach((a, index) => {
    const def = ATTRIBUTE_BY_ID.get(a.id)
    if (!def) return issues.push({ index, message: OFFER_MESSAGES.attributeUnknown })
    if (!attributeApplies(def, categoryId, offerType)) return issues.push({ index, message: OFFER_MESSAGES.attributeNotApplicable })
    if (seen.has(a.id)) return issues.push({ index, message: OFFER_MESSAGES.attributeDuplicate })
    seen.add(a.id)
    const r = normalizeAttributeValue(def, a.value)
    if ('error' in r) return issues.push({ index, message: r.error })
    // An empty list or text means "not set".
    if ((Array.isArray(r.value) && r.value.length === 0) || r.value === '') return
    values.push({ id: a.id, value: r.value })
  })
  return { issues, values }
}

// ---------------------------------------------------------------------------------------------------------------
// Requests.
