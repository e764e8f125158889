import { z } from 'zod'

/**
 * Promotion packages, bills, payments and invoices (issue 11). Money is integer grosze, gross; VAT 23% is shown
 * beside it. Texts quoted from the older system (reference §10) where it had them.
 */
export const VAT_RATE = 23

/** Gross → {net, vat} with VAT 23%: net rounded to the grosz, VAT the rest, so net + vat = gross exactly. */
export function splitGross(gross: number): { net: number; vat: number } {
  const net = Math.round((gross * 100) / (100 + VAT_RATE))
  return { net, vat: gross - net }
}

/** 1999 → '19,99 zł' (payments show grosze; listing prices round to złote with formatPrice). */
export function formatMoney(grosze: number): string {
  return `${new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(grosze / 100)} zł`
}

export const ADDON_KEYS = ['urgent', 'bargain', 'raise_1', 'raise_3', 'raise_10', 'refresh', 'visible_from'] as const
export type AddonKey = (typeof ADDON_KEYS)[number]
/**
 * Add-ons chosen in the form's package step (a paid refresh is bought from my listings; 'visible_from' is on the
 * bill by itself when the listing is set to appear from a later date).
 */
export const FORM_ADDONS = ['urgent', 'bargain', 'raise_1', 'raise_3', 'raise_10'] as const

export const packageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  price: z.number().int(),
  net: z.number().int(),
  vat: z.number().int(),
  duration_days: z.number().int(),
  free_refreshes: z.number().int(),
  free_raises: z.number().int(),
  featured: z.boolean(),
})
export type PromotionPackage = z.infer<typeof packageSchema>
export const addonSchema = z.object({
  key: z.enum(ADDON_KEYS),
  name: z.string(),
  price: z.number().int(),
  net: z.number().int(),
  vat: z.number().int(),
  quantity: z.number().int(),
  duration_days: z.number().int(),
})
export type PromotionAddon = z.infer<typeof addonSchema>
export const priceListSchema = z.object({ vat_rate: z.number().int(), packages: z.array(packageSchema), addons: z.array(addonSchema) })
export type PriceList = z.infer<typeof priceListSchema>

export const PAYMENT_MESSAGES = {
  package: 'Wybierz pakiet.',
  addons: 'Nieznany dodatek.',
  nothingToPay: 'To ogłoszenie nie ma nic do zapłaty.',
  notFound: 'Nie znaleziono płatności.',
  invoiceNotFound: 'Nie znaleziono faktury.',
  companyName: 'Podaj nazwę firmy.',
  nip: 'Podaj poprawny NIP (10 cyfr).',
  street: 'Podaj ulicę i numer.',
  zip: 'Podaj kod pocztowy w formacie 00-000.',
  city: 'Podaj miejscowość.',
  method: 'Wybierz metodę płatności.',
  badNotification: 'Nieprawidłowe powiadomienie o płatności.',
  noRefreshes: 'Pakiet nie ma już darmowych odświeżeń.',
  noRaises: 'Pakiet nie ma już darmowych podbić.',
  notActive: 'Tylko aktywne ogłoszenie można podbić lub odświeżyć.',
  gateway: 'Bramka płatności nie odpowiada. Spróbuj ponownie za chwilę.',
  closed: 'Ta transakcja jest już zamknięta albo wygasła.',
} as const

export const PAYMENT_TEXTS = {
  title: 'Opłać ogłoszenie',
  sum: 'Suma',
  chooseMethod: 'Wybierz metodę płatności',
  noInvoice: 'Nie potrzebuję faktury',
  invoice: 'Potrzebuję faktury',
  pay: 'Zamawiam i płacę',
  back: 'Wróć do edycji',
  success: 'Płatność została zrealizowana.',
  failure: 'Płatność nie została zrealizowana',
  pending: 'Czekamy na potwierdzenie płatności z bramki.',
  awaiting: 'Oczekuje na płatność',
} as const

/** NIP: 10 digits (dashes and spaces ignored) whose weighted checksum matches (weights 6 5 7 2 3 4 5 6 7, mod 11). */
export function normalizeNip(v: string): string {
  return v.replace(/[\s-]/g, '').replace(/^PL/i, '')
}
export function isValidNip(v: string): boolean {
  const d = normalizeNip(v)
  if (!/^\d{10}$/.test(d) || /^0{10}$/.test(d)) return false
  const w = [6, 5, 7, 2, 3, 4, 5, 6, 7]
  const sum = w.reduce((s, x, i) => s + x * Number(d[i]), 0)
  return sum % 11 === Number(d[9])
}

export const PAYMENT_METHODS = [
  { id: 'blik', label: 'BLIK' },
  { id: 'transfer', label: 'Szybki przelew' },
  { id: 'card', label: 'Karta płatnicza' },
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['id']

export const invoiceDataSchema = z.object({
  company_name: z.string().trim().min(2, PAYMENT_MESSAGES.companyName).max(200, PAYMENT_MESSAGES.companyName),
  nip: z.string().trim().refine(isValidNip, PAYMENT_MESSAGES.nip).transform(normalizeNip),
  street: z.string().trim().min(2, PAYMENT_MESSAGES.street).max(120, PAYMENT_MESSAGES.street),
  zip_code: z.string().trim().regex(/^\d{2}-\d{3}$/, PAYMENT_MESSAGES.zip),
  city: z.string().trim().min(2, PAYMENT_MESSAGES.city).max(60, PAYMENT_MESSAGES.city),
})
export type InvoiceData = z.infer<typeof invoiceDataSchema>

export const choiceSchema = z.object({
  package_id: z.number({ error: PAYMENT_MESSAGES.package }).int().min(1, PAYMENT_MESSAGES.package).max(32767, PAYMENT_MESSAGES.package),
  addons: z.array(z.enum(FORM_ADDONS, { error: PAYMENT_MESSAGES.addons })).max(5).default([]),
})
export type PromotionChoiceInput = z.infer<typeof choiceSchema>

export const billItemSchema = z.object({ key: z.string(), name: z.string(), quantity: z.number().int(), gross: z.number().int() })
export type BillItem = z.infer<typeof billItemSchema>
export const billSchema = z.object({
  listing: z.object({ id: z.number().int(), slug: z.string(), title: z.string(), status: z.string() }),
  choice: z.object({ package_id: z.number().int(), addons: z.array(z.string()) }),
  items: z.array(billItemSchema),
  /** Already paid and still in force (subtracted). */
  paid: z.array(billItemSchema),
  total: z.number().int(),
  net: z.number().int(),
  vat: z.number().int(),
  buyer: z.object({ name: z.string(), email: z.string() }),
  methods: z.array(z.object({ id: z.string(), label: z.string() })),
  gateway: z.string(),
})
export type Bill = z.infer<typeof billSchema>

export const chargeSchema = z.object({
  choice: choiceSchema.optional(),
  method: z.enum(['blik', 'transfer', 'card'], { error: PAYMENT_MESSAGES.method }),
  invoice: invoiceDataSchema.nullable().default(null),
})
export const chargeResultSchema = z.object({ payment_id: z.string(), redirect_url: z.string(), amount: z.number().int() })

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const
export const paymentStatusSchema = z.object({
  payment_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  title: z.string(),
  amount: z.number().int(),
  listing: z.object({ slug: z.string(), title: z.string() }).nullable(),
  invoice_id: z.number().int().nullable(),
})
export type PaymentStatusView = z.infer<typeof paymentStatusSchema>

export const paymentHistoryItemSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  title: z.string(),
  amount: z.number().int(),
  invoice: z.object({ id: z.number().int(), number: z.string(), has_ksef: z.boolean() }).nullable(),
})
export const paymentHistorySchema = z.object({
  data: z.array(paymentHistoryItemSchema),
  total: z.number().int(), page: z.number().int(), per_page: z.number().int(), last_page: z.number().int(),
})
export type PaymentHistory = z.infer<typeof paymentHistorySchema>

/** A listing's promotion as its owner sees it in "my listings". */
export const ownerPromotionSchema = z.object({
  package: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  package_ends_at: z.string().nullable(),
  refreshes_left: z.number().int(),
  raises_left: z.number().int(),
  urgent: z.boolean(),
  bargain: z.boolean(),
  refresh_price: z.number().int(),
  raise_price: z.number().int(),
  to_pay: z.boolean(),
})
export type OwnerPromotion = z.infer<typeof ownerPromotionSchema>
export const actionResultSchema = z.object({
  done: z.boolean(),
  /** Set when the action has to be paid first. */
  redirect_url: z.string().nullable(),
  message: z.string(),
})
