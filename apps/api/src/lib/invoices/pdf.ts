import { createRequire } from 'node:module'
import path from 'node:path'
import PDFDocument from 'pdfkit'
import type { InvoiceDocument } from './document.ts'
import { formatMoney, splitGross, VAT_RATE } from '@portal/contracts/payments'
import { amountInWords } from './words.ts'

/**
 * The invoice as a PDF with every field of the VAT act art. 106e ust. 1 that applies to an online service sold
 * for a single VAT rate: issue date (pkt 1), sequential number (pkt 2), seller and buyer names and addresses
 * (pkt 3), both NIPs (pkt 4, 5), the date of the service (pkt 6), the service's name (pkt 7), unit and quantity
 * (pkt 8), unit net price (pkt 9), net value (pkt 11), the rate (pkt 12), net total per rate (pkt 13), VAT per rate
 * (pkt 14) and the amount due (pkt 15); plus the amount in words and the payment. DejaVu Sans (shipped by the
 * dejavu-fonts-ttf package) renders Polish diacritics; the built-in PDF fonts cannot.
 */
const require = createRequire(import.meta.url)
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf')
const REGULAR = path.join(FONT_DIR, 'DejaVuSans.ttf')
const BOLD = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf')

export interface InvoicePdfInput extends InvoiceDocument {
  paymentRef: string
  ksef: boolean
}

const day = (d: Date) => new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d)
const PLACE_DATE = (city: string, d: Date) => `${city}, ${day(d)}`

export function invoicePdf(inv: InvoicePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4', margin: 48,
    info: { Title: `Faktura VAT ${inv.number}`, Author: inv.seller.name, Subject: 'Faktura VAT', Producer: 'Dazu' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.registerFont('regular', REGULAR)
  doc.registerFont('bold', BOLD)
  const left = 48
  const width = doc.page.width - 96

  doc.font('bold').fontSize(18).fillColor('#111827').text(`Faktura VAT nr ${inv.number}`, left, 48)
  doc.font('regular').fontSize(9).fillColor('#374151')
  doc.text(`Data wystawienia: ${day(inv.issuedAt)}`, left, 76)
  doc.text(`Data sprzedaży (wykonania usługi): ${day(inv.paidAt)}`)
  doc.text(`Miejsce wystawienia: ${PLACE_DATE(inv.seller.city, inv.issuedAt)}`)

  const party = (title: string, p: { name: string; nip: string | null; street: string; zip_code: string; city: string }, x: number, y: number) => {
    doc.font('bold').fontSize(10).fillColor('#111827').text(title, x, y, { width: width / 2 - 12 })
    doc.font('regular').fontSize(9).fillColor('#374151')
    doc.text(p.name, { width: width / 2 - 12 })
    doc.text(p.street, { width: width / 2 - 12 })
    doc.text(`${p.zip_code} ${p.city}`, { width: width / 2 - 12 })
    doc.text(p.nip ? `NIP: ${p.nip}` : 'NIP: nie dotyczy (osoba fizyczna)', { width: width / 2 - 12 })
  }
  party('Sprzedawca', inv.seller, left, 130)
  party('Nabywca', inv.buyer, left + width / 2 + 12, 130)

  // Items table.
  const cols = [
    { h: 'Lp.', w: 24, a: 'left' }, { h: 'Nazwa usługi', w: 150, a: 'left' }, { h: 'J.m.', w: 30, a: 'left' },
    { h: 'Ilość', w: 30, a: 'right' }, { h: 'Cena jedn. netto', w: 62, a: 'right' }, { h: 'Wartość netto', w: 60, a: 'right' },
    { h: 'Stawka VAT', w: 38, a: 'right' }, { h: 'Kwota VAT', w: 52, a: 'right' }, { h: 'Wartość brutto', w: width - 446, a: 'right' },
  ] as const
  let y = 220
  const row = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(8).fillColor('#111827')
    let x = left
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: cols[i]!.w - 4 }))
    const h = Math.max(...heights) + 8
    cells.forEach((c, i) => {
      doc.text(c, x + 2, y + 4, { width: cols[i]!.w - 4, align: cols[i]!.a })
      x += cols[i]!.w
    })
    y += h
    doc.moveTo(left, y).lineTo(left + width, y).strokeColor('#d1d5db').lineWidth(0.5).stroke()
  }
  doc.rect(left, y, width, 0.1).stroke()
  row(cols.map((c) => c.h), 'bold')
  inv.items.forEach((item, i) => {
    const line = item.gross * item.quantity
    const s = splitGross(line)
    row([String(i + 1), item.name, 'szt.', String(item.quantity), formatMoney(splitGross(item.gross).net), formatMoney(s.net), `${VAT_RATE}%`, formatMoney(s.vat), formatMoney(line)], 'regular')
  })
  row(['', 'Razem', '', '', '', formatMoney(inv.net), `${VAT_RATE}%`, formatMoney(inv.vat), formatMoney(inv.gross)], 'bold')

  y += 16
  doc.font('bold').fontSize(9).fillColor('#111827').text('Podsumowanie według stawek VAT', left, y)
  doc.font('regular').text(`Stawka ${VAT_RATE}%: wartość netto ${formatMoney(inv.net)}, kwota VAT ${formatMoney(inv.vat)}, wartość brutto ${formatMoney(inv.gross)}`)
  doc.moveDown(0.8)
  doc.font('bold').fontSize(12).text(`Do zapłaty: ${formatMoney(inv.gross)}`)
  doc.font('regular').fontSize(9).text(`Słownie: ${amountInWords(inv.gross)}`)
  doc.moveDown(0.5)
  doc.text(`Zapłacono: ${formatMoney(inv.gross)} w dniu ${day(inv.paidAt)} (płatność online, transakcja ${inv.paymentRef})`)
  doc.text('Pozostało do zapłaty: 0,00 zł')
  if (inv.seller.bank_account) doc.text(`Rachunek bankowy sprzedawcy: ${inv.seller.bank_account}`)
  if (inv.ksef) {
    doc.moveDown(0.5)
    doc.text('Faktura ustrukturyzowana FA(3) dla nabywcy z NIP jest dostępna do pobrania w historii płatności.')
  }
  doc.moveDown(2)
  doc.fontSize(8).fillColor('#6b7280').text(`${inv.seller.name} · NIP ${inv.seller.nip} · ${inv.seller.street}, ${inv.seller.zip_code} ${inv.seller.city}`, left, undefined, { width, align: 'center' })
  doc.end()
  return done
}
