import { createReadStream, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readFeed } from './read-feed.ts'
import type { FeedItem } from './map.ts'

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url)

/** Reads a whole feed; small chunks so a character or tag is split between two of them. */
async function read(input: AsyncIterable<Buffer | string>) {
  let header: unknown
  const items: FeedItem[] = []
  for await (const ev of readFeed(input)) {
    if (ev.type === 'header') header = ev.header
    else items.push(ev.item)
  }
  return { header, items }
}
const file = (name: string) => read(createReadStream(fixture(name), { highWaterMark: 64 }))
const text = (s: string) => read((async function* () { yield Buffer.from(s) })())
const offer = (items: FeedItem[], id: string) => {
  const it = items.find((i) => i.externalId === id)
  if (it?.kind !== 'offer') throw new Error(`${id} is ${JSON.stringify(it)}`)
  return it.offer
}

describe('Oferty.net XML (ASARI, Galactica Virgo)', () => {
  it('is read in ISO-8859-2, streamed in 64-byte chunks: header, offers mapped to the catalogue', async () => {
    expect(readFileSync(fixture('ofertynet-full.xml')).includes(Buffer.from('Słoneczne'))).toBe(false) // really not UTF-8
    const { header, items } = await file('ofertynet-full.xml')
    expect(header).toEqual({ format: 'ofertynet', mode: 'full', date: new Date('2026-11-20T10:00:00') })
    const a = offer(items, 'KR-101')
    expect(a).toMatchObject({
      categoryId: 1, offerType: 'sell', price: 64_900_000, title: 'Słoneczne mieszkanie z balkonem, Kazimierz',
      location: { name: 'Kazimierz, Kraków' }, photos: ['kr-101-1.jpg', 'kr-101-2.jpg'],
    })
    expect(a.description).toContain('Łazienka z oknem, źródło ciepła')
    expect(a.attributes).toEqual([
      { id: 4, value: '54.5' }, { id: 9, value: '2' }, { id: 11, value: '3' }, { id: 12, value: 'do-odswiezenia' },
      { id: 16, value: ['winda'] }, { id: 19, value: 'wtorny' },
    ])
    // No title in the feed: made from the category, the transaction and the place (not invented content).
    expect(offer(items, 'KR-102')).toMatchObject({ title: 'Mieszkanie na sprzedaż, Kraków', price: 48_000_000 })
    // The house subtype param picks the child category.
    expect(offer(items, 'KR-201')).toMatchObject({ categoryId: 13, offerType: 'rent', price: 750_000 })
  })

  it('rejects an unknown category with its reason, and names unknown params instead of guessing', async () => {
    const { items } = await file('ofertynet-full.xml')
    expect(items.find((i) => i.externalId === 'KR-301')).toEqual({ kind: 'reject', externalId: 'KR-301', reason: 'Nieznana kategoria „jachty” (dzial tab)' })
    const xml = (param: string) => `<?xml version="1.0"?><plik><header><zawartosc_pliku>calosc</zawartosc_pliku></header><lista_ofert>
      <dzial tab="mieszkania" typ="sprzedaz"><oferta><id>X</id><cena waluta="PLN">1000</cena>
      <param nazwa="opis">Opis</param><param nazwa="miasto">Łódź</param>${param}</oferta></dzial></lista_ofert></plik>`
    expect((await text(xml('<param nazwa="stan">do rozbiórki</param>'))).items[0]).toEqual({
      kind: 'reject', externalId: 'X', reason: 'Parametr „stan”: wartość „do rozbiórki” nie ma odpowiednika w katalogu',
    })
    expect((await text(xml('<param nazwa="kolor_elewacji">żółty</param>'))).items[0]).toMatchObject({
      kind: 'offer', warnings: ['Nieznany parametr „kolor_elewacji”; pominięto'],
    })
    const eur = (await text(xml('').replace('waluta="PLN"', 'waluta="EUR"'))).items[0]
    expect(eur).toMatchObject({ kind: 'reject', reason: 'Waluta „EUR” nie jest obsługiwana (tylko PLN)' })
    const nowhere = (await text(xml('').replace('<param nazwa="miasto">Łódź</param>', '<param nazwa="miasto">Nibylandia</param>'))).items[0]
    expect(nowhere).toMatchObject({ kind: 'reject', reason: 'Nie rozpoznano miejscowości „Nibylandia”; podaj współrzędne' })
  })

  it('a change file: roznica, a changed offer and a deletion', async () => {
    const { header, items } = await file('ofertynet-diff.xml')
    expect(header).toMatchObject({ mode: 'diff' })
    expect(items.map((i) => [i.kind, i.externalId])).toEqual([['offer', 'KR-102'], ['delete', 'KR-201']])
    expect(offer(items, 'KR-102').description).toContain('Cena obniżona!')
  })

  it('malformed XML, a missing header and an unknown root are file errors with a clear message', async () => {
    await expect(text('<?xml version="1.0"?><plik><header><zawartosc_pliku>calosc</zawartosc_pliku></header><lista_ofert><oferta><id>1</oferta>'))
      .rejects.toThrow(/^Plik XML jest uszkodzony \(wiersz 1, kolumna \d+\)/)
    await expect(text('<plik><lista_ofert><dzial tab="mieszkania" typ="sprzedaz"><oferta><id>1</id></oferta></dzial></lista_ofert></plik>'))
      .rejects.toThrow('Brak <zawartosc_pliku> (calosc albo roznica) w nagłówku pliku')
    await expect(text('<rss><channel/></rss>')).rejects.toThrow('Nieznany format pliku (element główny <rss>)')
    await expect(text('')).rejects.toThrow('Plik jest pusty albo nie jest plikiem XML')
    // A file that says UTF-8 but is not.
    await expect(read((async function* () { yield Buffer.concat([Buffer.from('<?xml version="1.0" encoding="UTF-8"?><plik>'), Buffer.from([0xb1, 0xea]), Buffer.from('</plik>')]) })()))
      .rejects.toThrow('Plik nie jest poprawnie zakodowany (utf-8)')
  })
})

describe('OpenImmo 1.2.7', () => {
  it('VOLL, an immobilie mapped, an unknown objektart rejected, a DELETE', async () => {
    const { header, items } = await file('openimmo-full.xml')
    expect(header).toEqual({ format: 'openimmo', mode: 'full', date: new Date('2026-11-20T10:00:00Z') })
    expect(offer(items, 'WA-1')).toMatchObject({
      categoryId: 1, offerType: 'sell', price: 89_000_000, title: 'Trzy pokoje na Mokotowie z windą',
      location: { name: 'Mokotów, Warszawa', lat: 52.1935, lon: 21.0346 }, photos: ['https://crm.example.com/f/wa-1.jpg'],
      attributes: [
        { id: 4, value: '61.2' }, { id: 9, value: '4' }, { id: 11, value: '3' }, { id: 12, value: 'do-wprowadzenia' },
        { id: 16, value: ['balkon', 'winda'] }, { id: 18, value: '2015' }, { id: 29, value: '1' },
      ],
    })
    expect(items.find((i) => i.externalId === 'WA-2')).toEqual({ kind: 'reject', externalId: 'WA-2', reason: 'Nieznana kategoria OpenImmo „freizeitimmobilie_gewerblich”' })
    expect(items.find((i) => i.externalId === 'WA-9')).toEqual({ kind: 'delete', externalId: 'WA-9' })
  })
  it('TEIL is a change file; an unknown umfang is a file error', async () => {
    const teil = await text('<openimmo><uebertragung umfang="TEIL"/><anbieter/></openimmo>')
    expect(teil.header).toMatchObject({ mode: 'diff', date: null })
    await expect(text('<openimmo><uebertragung umfang="HALB"/></openimmo>')).rejects.toThrow(/uebertragung umfang/)
  })
})

describe('the portal format', () => {
  it('full, catalogue slugs as they are, an unknown category rejected, an end', async () => {
    const { header, items } = await file('portal-full.xml')
    expect(header).toMatchObject({ format: 'portal', mode: 'full' })
    expect(offer(items, 'P-1')).toMatchObject({
      categoryId: 1, offerType: 'rent', price: 230_000, location: { name: 'Krzyki, Wrocław', lat: 51.0783 },
      attributes: [{ id: 4, value: '28' }, { id: 11, value: '1' }, { id: 15, value: ['powyzej-12mcy'] }, { id: 16, value: ['umeblowane', 'internet'] }],
    })
    expect(items.find((i) => i.externalId === 'P-2')).toMatchObject({ kind: 'reject', reason: 'Nieznana kategoria „statek”' })
    expect(items.find((i) => i.externalId === 'P-0')).toEqual({ kind: 'delete', externalId: 'P-0' })
  })
})
