import type { InvoiceDocument } from './document.ts'
import { splitGross, VAT_RATE } from '@portal/contracts/payments'

/**
 * KSeF structured invoice FA(3) (namespace http://crd.gov.pl/wzor/2025/06/25/13775/), written for buyers with a
 * NIP. What it covers and what not: docs/decisions/020-invoices-and-ksef.md. Validated against the official XSD
 * (schemat_FA(3)_v1-0E.xsd) during development; the tests check every element the schema requires.
 */
export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/'

export type Fa3Input = InvoiceDocument

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
const money = (grosze: number) => (grosze / 100).toFixed(2)
const warsawDay = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(d)
/** The money of a unit price, up to 8 decimals as the schema allows; ours are whole grosze. */
const el = (name: string, value: string) => `<${name}>${esc(value)}</${name}>`

function address(street: string, zip: string, city: string, country: string): string {
  return `<Adres>${el('KodKraju', country || 'PL')}${el('AdresL1', street)}${el('AdresL2', `${zip} ${city}`)}</Adres>`
}

export function fa3Xml(i: Fa3Input): string {
  if (!i.buyer.nip) throw new Error('FA(3) is written for buyers with a NIP')
  const rows = i.items.map((item, n) => {
    const line = item.gross * item.quantity
    const unit = splitGross(item.gross)
    const { net } = splitGross(line)
    return `<FaWiersz>${el('NrWierszaFa', String(n + 1))}${el('P_7', item.name)}${el('P_8A', 'szt.')}${el('P_8B', String(item.quantity))}`
      + `${el('P_9A', money(unit.net))}${el('P_11', money(net))}${el('P_12', String(VAT_RATE))}</FaWiersz>`
  }).join('')
  return '<?xml version="1.0" encoding="UTF-8"?>\n'
    + `<Faktura xmlns="${FA3_NAMESPACE}">`
    + `<Naglowek><KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>${el('WariantFormularza', '3')}`
    + `${el('DataWytworzeniaFa', i.issuedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'))}${el('SystemInfo', 'Dazu')}</Naglowek>`
    + `<Podmiot1><DaneIdentyfikacyjne>${el('NIP', i.seller.nip)}${el('Nazwa', i.seller.name)}</DaneIdentyfikacyjne>`
    + `${address(i.seller.street, i.seller.zip_code, i.seller.city, i.seller.country)}</Podmiot1>`
    + `<Podmiot2><DaneIdentyfikacyjne>${el('NIP', i.buyer.nip)}${el('Nazwa', i.buyer.name)}</DaneIdentyfikacyjne>`
    + `${address(i.buyer.street, i.buyer.zip_code, i.buyer.city, i.buyer.country)}`
    + `${i.buyer.email ? `<DaneKontaktowe>${el('Email', i.buyer.email)}</DaneKontaktowe>` : ''}${el('JST', '2')}${el('GV', '2')}</Podmiot2>`
    + `<Fa>${el('KodWaluty', 'PLN')}${el('P_1', warsawDay(i.issuedAt))}${el('P_1M', i.seller.city)}${el('P_2', i.number)}`
    + `${el('P_6', warsawDay(i.paidAt))}${el('P_13_1', money(i.net))}${el('P_14_1', money(i.vat))}${el('P_15', money(i.gross))}`
    + '<Adnotacje><P_16>2</P_16><P_17>2</P_17><P_18>2</P_18><P_18A>2</P_18A><Zwolnienie><P_19N>1</P_19N></Zwolnienie>'
    + '<NoweSrodkiTransportu><P_22N>1</P_22N></NoweSrodkiTransportu><P_23>2</P_23><PMarzy><P_PMarzyN>1</P_PMarzyN></PMarzy></Adnotacje>'
    + `${el('RodzajFaktury', 'VAT')}${rows}`
    + `<Platnosc>${el('Zaplacono', '1')}${el('DataZaplaty', warsawDay(i.paidAt))}${el('FormaPlatnosci', '6')}</Platnosc>`
    + '</Fa></Faktura>\n'
}
