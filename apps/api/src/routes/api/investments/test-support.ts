import type { InvestmentInput, UnitInput } from '@portal/contracts/investments'
import { IMPORT_COLUMNS } from '@portal/contracts/investments'

/** Test helpers of the investments API: valid inputs and import files in the encodings Excel writes. */
export const validInvestment = (over: Partial<InvestmentInput> = {}): InvestmentInput => ({
  name: 'Zielone Tarasy', description: 'Kameralne osiedle przy parku.',
  location: { lat: 52.2297, lon: 20.9849, name: 'Wola, Warszawa' },
  address: { street: 'Zielona', number: '5', zip: '01-234', county: 'Warszawa', commune: 'Warszawa' },
  status: 'w-budowie', completion_date: '2027-06-30', buildings: ['A', 'B'], amenities: ['plac-zabaw'], ...over,
})

export const validUnit = (over: Partial<UnitInput> = {}): UnitInput => ({
  building: 'A', unit_number: '1', floor: 2, area: 54.2, rooms: 3, price: 612_000_00, status: 'dostepne',
  outdoor: ['balkon'], extras: [{ kind: 'parking', label: 'Miejsce postojowe', price: 35_000_00 }], ...over,
})

export const HEADER = IMPORT_COLUMNS.map((c) => c.header)

/** A CSV text with ';' between cells and CRLF line ends, as Excel writes it. */
export const csvText = (rows: string[][]) => [HEADER, ...rows].map((r) => r.join(';')).join('\r\n') + '\r\n'

const CP1250: Record<string, number> = {
  ą: 0xb9, ć: 0xe6, ę: 0xea, ł: 0xb3, ń: 0xf1, ó: 0xf3, ś: 0x9c, ź: 0x9f, ż: 0xbf,
  Ą: 0xa5, Ć: 0xc6, Ę: 0xca, Ł: 0xa3, Ń: 0xd1, Ó: 0xd3, Ś: 0x8c, Ź: 0x8f, Ż: 0xaf, '²': 0xb2, '–': 0x96,
}

/** windows-1250 bytes of a text (ASCII and the Polish letters: what a test file holds). */
export function cp1250(text: string): Buffer {
  return Buffer.from([...text].map((ch) => {
    if (ch.charCodeAt(0) < 0x80) return ch.charCodeAt(0)
    const b = CP1250[ch]
    if (b === undefined) throw new Error(`no windows-1250 byte for ${ch}`)
    return b
  }))
}

export const utf16leBom = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
