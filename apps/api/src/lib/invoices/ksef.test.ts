import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FA3_NAMESPACE, fa3Xml } from './ksef.ts'

const input = {
  number: '2026/A7', issuedAt: new Date('2026-03-02T10:15:00Z'), paidAt: new Date('2026-03-02T10:14:00Z'),
  seller: { name: 'Dazu sp. z o.o.', nip: '5252248481', street: 'ul. Marszałkowska 10', zip_code: '00-590', city: 'Warszawa', country: 'PL', bank_account: null },
  buyer: { name: 'Agencja Żółw & Syn', nip: '1234563218', street: 'ul. Długa 5/2', zip_code: '31-147', city: 'Kraków', country: 'PL', email: 'biuro@zolw.pl' },
  items: [{ key: 'package:srebrne', name: 'Pakiet Srebrne (7 dni)', quantity: 1, gross: 999 }, { key: 'urgent', name: 'Czerwona ramka PILNE', quantity: 1, gross: 499 }],
  net: 1218, vat: 280, gross: 1498,
}
const xml = fa3Xml(input)
/** The text of the first element with this path of names (a tiny reader for a document we write ourselves). */
const at = (...names: string[]) => {
  let rest = xml
  for (const n of names) {
    const i = rest.indexOf(`<${n}`)
    if (i < 0) return null
    rest = rest.slice(i)
  }
  const last = names.at(-1)!
  const m = new RegExp(`^<${last}[^>]*>([\\s\\S]*?)</${last}>`).exec(rest)
  return m ? m[1] : null
}

describe('KSeF FA(3) XML', () => {
  it('the root, namespace and header the schema requires', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(xml).toContain(`<Faktura xmlns="${FA3_NAMESPACE}">`)
    expect(FA3_NAMESPACE).toBe('http://crd.gov.pl/wzor/2025/06/25/13775/')
    expect(xml).toContain('<KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>')
    expect(at('Naglowek', 'WariantFormularza')).toBe('3')
    expect(at('Naglowek', 'DataWytworzeniaFa')).toBe('2026-03-02T10:15:00Z')
  })
  it('seller and buyer (Podmiot1, Podmiot2 with JST and GV), escaped', () => {
    expect(at('Podmiot1', 'NIP')).toBe('5252248481')
    expect(at('Podmiot1', 'Nazwa')).toBe('Dazu sp. z o.o.')
    expect(at('Podmiot1', 'Adres', 'KodKraju')).toBe('PL')
    expect(at('Podmiot1', 'AdresL1')).toBe('ul. Marszałkowska 10')
    expect(at('Podmiot2', 'NIP')).toBe('1234563218')
    expect(at('Podmiot2', 'Nazwa')).toBe('Agencja Żółw &amp; Syn')
    expect(at('Podmiot2', 'AdresL2')).toBe('31-147 Kraków')
    expect(at('Podmiot2', 'JST')).toBe('2')
    expect(at('Podmiot2', 'GV')).toBe('2')
  })
  it('Fa: currency, dates, number, totals per rate, annotations, kind, lines, payment', () => {
    expect(at('Fa', 'KodWaluty')).toBe('PLN')
    expect(at('Fa', 'P_1')).toBe('2026-03-02')
    expect(at('Fa', 'P_2')).toBe('2026/A7')
    expect(at('Fa', 'P_6')).toBe('2026-03-02')
    expect(at('Fa', 'P_13_1')).toBe('12.18')
    expect(at('Fa', 'P_14_1')).toBe('2.80')
    expect(at('Fa', 'P_15')).toBe('14.98')
    for (const [n, v] of [['P_16', '2'], ['P_17', '2'], ['P_18', '2'], ['P_18A', '2'], ['P_19N', '1'], ['P_22N', '1'], ['P_23', '2'], ['P_PMarzyN', '1']]) {
      expect(at('Adnotacje', n!)).toBe(v)
    }
    expect(at('Fa', 'RodzajFaktury')).toBe('VAT')
    expect(xml.match(/<FaWiersz>/g)).toHaveLength(2)
    expect(at('FaWiersz', 'NrWierszaFa')).toBe('1')
    expect(at('FaWiersz', 'P_7')).toBe('Pakiet Srebrne (7 dni)')
    expect(at('FaWiersz', 'P_8A')).toBe('szt.')
    expect(at('FaWiersz', 'P_8B')).toBe('1')
    expect(at('FaWiersz', 'P_9A')).toBe('8.12')
    expect(at('FaWiersz', 'P_11')).toBe('8.12')
    expect(at('FaWiersz', 'P_12')).toBe('23')
    expect(at('Platnosc', 'Zaplacono')).toBe('1')
    expect(at('Platnosc', 'DataZaplaty')).toBe('2026-03-02')
    // The elements come in the schema's sequence.
    const order = ['KodWaluty', 'P_1', 'P_2', 'P_6', 'P_13_1', 'P_14_1', 'P_15', 'Adnotacje', 'RodzajFaktury', 'FaWiersz', 'Platnosc'].map((n) => xml.indexOf(`<${n}>`))
    expect([...order].sort((a, b) => a - b)).toEqual(order)
  })
  it('only for buyers with a NIP', () => {
    expect(() => fa3Xml({ ...input, buyer: { ...input.buyer, nip: null } })).toThrow()
  })
  // With the official schema at hand (KSEF_XSD=/path/schemat.xsd with its bazowe/ imports made local) and xmllint.
  const xsd = process.env.KSEF_XSD
  it.runIf(!!xsd && existsSync(xsd))('validates against the official FA(3) XSD', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fa3-')), 'fa3.xml')
    writeFileSync(file, xml)
    expect(execFileSync('xmllint', ['--noout', '--schema', xsd!, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).toBe('')
  })
})
