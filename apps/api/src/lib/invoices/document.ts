import type { InvoiceBuyer, InvoiceSeller, PaymentItem } from '@portal/db'

/** One invoice's data, as both renderings (the PDF and the KSeF FA(3) XML) read it. Amounts in grosze. */
export interface InvoiceDocument {
  number: string
  issuedAt: Date
  /** When the payment was received (the service was done the same day). */
  paidAt: Date
  seller: InvoiceSeller
  buyer: InvoiceBuyer
  items: PaymentItem[]
  net: number
  vat: number
  gross: number
}
