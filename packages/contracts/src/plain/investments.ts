/** Texts and constants of investments (issue 27), zod-free for the web's first paint (decision 027). */

export const INVESTMENT_STATUSES = [
  { value: 'w-przygotowaniu', label: 'W przygotowaniu' },
  { value: 'w-budowie', label: 'W budowie' },
  { value: 'gotowe', label: 'Gotowe' },
] as const
export type InvestmentStatusValue = (typeof INVESTMENT_STATUSES)[number]['value']

export const UNIT_STATUSES = [
  { value: 'dostepne', label: 'Dostępne' },
  { value: 'zarezerwowane', label: 'Zarezerwowane' },
  { value: 'sprzedane', label: 'Sprzedane' },
] as const
export type UnitStatusValue = (typeof UNIT_STATUSES)[number]['value']

export const OUTDOOR_OPTIONS = [
  { value: 'balkon', label: 'Balkon' }, { value: 'ogrod', label: 'Ogród' }, { value: 'taras', label: 'Taras' },
] as const

export const EXTRA_KINDS = [
  { value: 'parking', label: 'Miejsce postojowe' },
  { value: 'storage', label: 'Komórka lokatorska' },
  { value: 'other', label: 'Inne koszty' },
] as const

export const AMENITIES = [
  { value: 'plac-zabaw', label: 'Plac zabaw' }, { value: 'ochrona', label: 'Ochrona' },
  { value: 'monitoring', label: 'Monitoring' }, { value: 'garaz-podziemny', label: 'Garaż podziemny' },
  { value: 'winda', label: 'Winda' }, { value: 'rowerownia', label: 'Rowerownia' },
  { value: 'zielen', label: 'Tereny zielone' }, { value: 'lokale-uslugowe', label: 'Lokale usługowe' },
  { value: 'silownia', label: 'Siłownia' }, { value: 'ladowarki', label: 'Ładowarki samochodów' },
] as const

export const investmentStatusLabel = (v: string) => INVESTMENT_STATUSES.find((s) => s.value === v)?.label ?? v
export const unitStatusLabel = (v: string) => UNIT_STATUSES.find((s) => s.value === v)?.label ?? v

/** Limits that catch typos (a price in grosze typed as złote, an area in cm²), not real flats. */
export const UNIT_LIMITS = {
  priceMin: 10_000_00, priceMax: 200_000_000_00, areaMin: 10, areaMax: 2000, roomsMin: 1, roomsMax: 20,
  floorMin: -3, floorMax: 100, extraMax: 10_000_000_00,
} as const

export const INVESTMENT_MESSAGES = {
  notFound: 'Nie ma takiej inwestycji.',
  unitNotFound: 'Nie ma takiego lokalu w tej inwestycji.',
  name: 'Podaj nazwę inwestycji (2–120 znaków).',
  description: 'Opis może mieć najwyżej 20 000 znaków.',
  location: 'Wskaż położenie inwestycji na mapie.',
  status: 'Wybierz status: w przygotowaniu, w budowie albo gotowe.',
  completionDate: 'Podaj datę zakończenia budowy w formacie RRRR-MM-DD.',
  buildings: 'Podaj najwyżej 50 budynków lub etapów, każdy do 40 znaków.',
  amenities: 'Nieznane udogodnienie.',
  buildingInUse: 'Budynek {building} ma lokale: nie można go usunąć.',
  unitNumber: 'Podaj numer lokalu (1–20 znaków).',
  unitNumberTaken: 'Lokal o tym numerze jest już w tym budynku.',
  building: 'Budynek musi być jednym z budynków inwestycji.',
  price: 'Cena musi być liczbą od 10 000 zł do 200 000 000 zł.',
  area: 'Powierzchnia musi być liczbą od 10 do 2000 m².',
  rooms: 'Liczba pokoi musi być liczbą całkowitą od 1 do 20.',
  floor: 'Piętro musi być liczbą całkowitą od -3 do 100.',
  unitStatus: 'Wybierz status: dostępne, zarezerwowane albo sprzedane.',
  outdoor: 'Dozwolone są: balkon, ogród, taras.',
  extraPrice: 'Cena dodatku musi być liczbą od 0 zł do 10 000 000 zł.',
  extraLabel: 'Opis dodatku może mieć najwyżej 120 znaków.',
  companyOnly: 'Inwestycje dodaje konto firmowe dewelopera.',
  fileRequired: 'Dodaj plik CSV lub XLSX.',
  fileType: 'Plik musi być w formacie CSV lub XLSX.',
  fileEmpty: 'Plik nie zawiera żadnego lokalu.',
  fileTooLarge: 'Plik może mieć najwyżej 5 MB i 5000 wierszy.',
  missingColumns: 'Brakuje kolumn: {columns}.',
  duplicateRow: 'Lokal {unit} w budynku {building} powtarza się (wiersz {row}).',
  importFailed: 'Import nie zapisał niczego: popraw wskazane wiersze.',
  photoRequired: 'Dodaj zdjęcie (JPEG, PNG, WebP, AVIF lub HEIC).',
  photoTooLarge: 'Zdjęcie może mieć najwyżej 15 MB.',
  tooManyPhotos: 'Inwestycja może mieć najwyżej 30 zdjęć.',
  photoNotFound: 'Nie ma takiego zdjęcia.',
  photoOrder: 'Podaj wszystkie zdjęcia inwestycji w nowej kolejności, każde raz.',
} as const

/** Photos of one investment (the gallery of /inwestycje/{slug}; the first is its cover). */
export const INVESTMENT_MAX_PHOTOS = 30
/** A photo's id in the API: the last part of its storage key. */
export const investmentPhotoId = (key: string) => key.slice(key.lastIndexOf('/') + 1)

/**
 * The import file's columns, in the template's order. `key` is what a header is matched by after lower-casing and
 * dropping diacritics and everything but letters and digits, so 'Numer lokalu', 'numer_lokalu' and 'NUMER LOKALU' match.
 */
export const IMPORT_COLUMNS = [
  { key: 'budynek', header: 'Budynek', required: false },
  { key: 'numerlokalu', header: 'Numer lokalu', required: true },
  { key: 'pietro', header: 'Piętro', required: true },
  { key: 'powierzchnia', header: 'Powierzchnia (m²)', required: true },
  { key: 'pokoje', header: 'Pokoje', required: true },
  { key: 'cena', header: 'Cena (zł)', required: true },
  { key: 'status', header: 'Status', required: false },
  { key: 'balkon', header: 'Balkon', required: false },
  { key: 'ogrod', header: 'Ogród', required: false },
  { key: 'taras', header: 'Taras', required: false },
  { key: 'miejscepostojowe', header: 'Miejsce postojowe (zł)', required: false },
  { key: 'komorkalokatorska', header: 'Komórka lokatorska (zł)', required: false },
  { key: 'innekosztyopis', header: 'Inne koszty – opis', required: false },
  { key: 'innekoszty', header: 'Inne koszty (zł)', required: false },
] as const
export type ImportColumnKey = (typeof IMPORT_COLUMNS)[number]['key']

/** A header cell → its column key ('Powierzchnia (m²)' → 'powierzchnia'). */
export function importHeaderKey(header: string): string {
  const base = header.toLowerCase().replace(/\(.*?\)/g, '').replace(/ł/g, 'l').normalize('NFD').replace(/[\u0300-\u036f]/g, '')
  return base.replace(/[^a-z0-9]/g, '')
}

/**
 * One unit as a row (decisions 087, 090): its values in this order, no keys and no price history. The public
 * investment page asks `GET /api/investments/{slug}?wiersze=1` for its units so, and carries them to the browser as
 * they came.
 */
export type PackedUnit = [
  id: number, listing_slug: string, listed: 0 | 1, building: string, unit_number: string, floor: number | null,
  area: number | null, rooms: number | null, price: number, price_per_m2: number | null, status: UnitStatusValue,
  outdoor: string[], extras: [kind: 'parking' | 'storage' | 'other', label: string, price: number, since: string][],
]

/** A unit as the API's objects have it (`Unit` of @portal/contracts/investments), its price history empty. */
export interface UnpackedUnit {
  id: number; listing_slug: string; listed: boolean; building: string; unit_number: string; floor: number | null
  area: number | null; rooms: number | null; price: number; price_per_m2: number | null; status: UnitStatusValue
  outdoor: string[]; extras: { kind: 'parking' | 'storage' | 'other'; label: string; price: number; since: string }[]
  price_history: { price: number; changed_at: string }[]
}

export function packUnit(u: UnpackedUnit): PackedUnit {
  return [
    u.id, u.listing_slug, u.listed ? 1 : 0, u.building, u.unit_number, u.floor, u.area, u.rooms, u.price, u.price_per_m2,
    u.status, u.outdoor, u.extras.map((e) => [e.kind, e.label, e.price, e.since]),
  ]
}

export function unpackUnit(r: PackedUnit): UnpackedUnit {
  return {
    id: r[0], listing_slug: r[1], listed: r[2] === 1, building: r[3], unit_number: r[4], floor: r[5], area: r[6], rooms: r[7],
    price: r[8], price_per_m2: r[9], status: r[10], outdoor: r[11],
    extras: r[12].map((e) => ({ kind: e[0], label: e[1], price: e[2], since: e[3] })), price_history: [],
  }
}
