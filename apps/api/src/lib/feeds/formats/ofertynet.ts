import { slugify } from '@portal/db/seed/text'
import {
  addExtra, bathroomsChoice, bool, choice, floorChoice, newDraft, number, priceGrosze, Reject, roomsChoice, subcategory,
  toItem, type Draft, type FeedItem,
} from '../map.ts'
import { children, descendants, FeedFileError, textOf, type XmlNode } from '../xml.ts'
import type { FeedFormat, FeedHeader } from './format.ts'

/**
 * The 'Oferty.net' XML that ASARI and Galactica Virgo export: `<plik><header>` (with `<zawartosc_pliku>` calosc =
 * full snapshot, roznica = changes, and the file's date), `<lista_ofert><dzial tab typ>` grouping `<oferta>`s
 * (`<id>`, `<cena waluta>`, `<param nazwa typ>`, photos as `<zdjecie>`), and `<oferta_usun>` naming removed offers.
 */
const TABS: Record<string, number> = {
  mieszkania: 1, mieszkanie: 1, domy: 9, dom: 9, dzialki: 32, dzialka: 32, grunty: 32, lokale: 21, lokal: 21,
  obiekty: 21, biura: 22, garaze: 41, garaz: 41, pokoje: 48, pokoj: 48, magazyny: 53, hale: 53,
}
const TRANSACTIONS: Record<string, 'sell' | 'rent'> = { sprzedaz: 'sell', wynajem: 'rent', najem: 'rent' }
const SUBTYPE_PARAMS = new Set(['rodzaj_domu', 'typ_domu', 'rodzaj_dzialki', 'typ_dzialki', 'rodzaj_lokalu', 'typ_lokalu', 'rodzaj_garazu'])
const EXTRA_PARAMS: Record<string, string> = {
  winda: 'winda', piwnica: 'piwnica', garaz: 'garaz', miejsce_parkingowe: 'parking', parking: 'parking', balkon: 'balkon',
  ogrod: 'ogrod', taras: 'taras', umeblowane: 'umeblowane', umeblowanie: 'umeblowane', kominek: 'kominek',
  klimatyzacja: 'klimatyzacja', internet: 'internet', monitoring: 'monitoring', pralka: 'pralka', lodowka: 'lodowka',
}
/** Housekeeping fields a CRM sends that carry nothing for a listing: not reported as unknown. */
const IGNORED = new Set(['agent', 'agent_email', 'agent_telefon', 'agent_imie', 'agent_nazwisko', 'numer', 'numer_oferty',
  'data_aktualizacji', 'data_wprowadzenia', 'kraj', 'wojewodztwo', 'powiat', 'gmina', 'kod_pocztowy', 'waluta'])

function param(d: Draft, rawName: string, value: string) {
  const name = slugify(rawName).replace(/-/g, '_')
  if (!value && name !== 'opis') return
  switch (name) {
    case 'tytul': d.title = value; return
    case 'opis': d.description = value; return
    case 'miasto': case 'miejscowosc': d.city = value; return
    case 'dzielnica': d.district = value; return
    case 'ulica': d.street = value; return
    case 'szerokosc_geograficzna': case 'szerokosc': case 'lat': d.lat = number(value, rawName); return
    case 'dlugosc_geograficzna': case 'dlugosc': case 'lon': d.lon = number(value, rawName); return
    case 'powierzchnia': case 'powierzchnia_uzytkowa': case 'powierzchnia_calkowita': case 'powierzchnia_dzialki':
      if (!d.attrs.has(4) || name === 'powierzchnia') d.attrs.set(4, String(number(value, rawName))); return
    case 'liczba_pokoi': case 'ilosc_pokoi': case 'pokoje': d.attrs.set(11, roomsChoice(number(value, rawName), rawName)); return
    case 'liczba_lazienek': case 'ilosc_lazienek': case 'lazienki': d.attrs.set(29, bathroomsChoice(number(value, rawName), rawName)); return
    case 'pietro': d.attrs.set(9, floorChoice(value, rawName)); return
    case 'liczba_pieter': case 'ilosc_pieter': d.attrs.set(10, String(number(value, rawName))); return
    case 'rok_budowy': d.attrs.set(18, String(number(value, rawName))); return
    case 'rynek': d.attrs.set(19, choice(19, value, rawName)); return
    case 'stan': case 'stan_techniczny': case 'stan_wykonczenia': d.attrs.set(12, choice(12, value, rawName)); return
    case 'forma_wlasnosci': case 'wlasnosc': d.attrs.set(31, choice(31, value, rawName)); return
    case 'typ_budynku': case 'rodzaj_budynku': case 'rodzaj_zabudowy': d.attrs.set(30, choice(30, value, rawName)); return
    case 'kaucja': d.attrs.set(21, String(Math.round(number(value, rawName)))); return
    case 'dostepne_od': d.attrs.set(14, value.slice(0, 10)); return
    case 'do_negocjacji': if (bool(value, rawName)) d.attrs.set(6, 'true'); return
  }
  if (SUBTYPE_PARAMS.has(name)) {
    if (d.categoryId !== undefined) d.categoryId = subcategory(d.categoryId, value, rawName)
    return
  }
  if (EXTRA_PARAMS[name]) {
    if (bool(value, rawName)) addExtra(d, EXTRA_PARAMS[name])
    return
  }
  if (!IGNORED.has(name)) d.warnings.push(`Nieznany parametr „${rawName.slice(0, 60)}”; pominięto`)
}

function offer(node: XmlNode, dzial: Record<string, string>): FeedItem {
  const externalId = textOf(children(node, 'id')[0]).slice(0, 100)
  return toItem(externalId, () => {
    const d = newDraft(externalId)
    const tab = slugify(dzial.tab ?? '').replace(/-/g, '_')
    if (!tab) throw new Reject('Oferta poza działem (<dzial tab typ>)')
    d.categoryId = TABS[tab]
    if (d.categoryId === undefined) throw new Reject(`Nieznana kategoria „${dzial.tab}” (dzial tab)`)
    const typ = slugify(dzial.typ ?? '')
    d.offerType = TRANSACTIONS[typ]
    if (!d.offerType) throw new Reject(`Nieznany rodzaj transakcji „${dzial.typ ?? ''}” (dzial typ)`)
    const cena = children(node, 'cena')[0]
    if (!cena) throw new Reject('Brak ceny')
    d.price = priceGrosze(textOf(cena), cena.attrs.waluta)
    for (const c of node.children) {
      if (c.name === 'param') param(d, c.attrs.nazwa ?? '', textOf(c))
      else if (['tytul', 'opis', 'miasto', 'dzielnica', 'ulica'].includes(c.name)) param(d, c.name, textOf(c))
    }
    d.photos = descendants(node, 'zdjecie').map((z) => textOf(z) || z.attrs.url || z.attrs.plik || '').filter(Boolean)
    return d
  })
}

export const ofertyNet: FeedFormat = {
  id: 'ofertynet',
  label: 'Oferty.net (ASARI, Galactica Virgo)',
  root: 'plik',
  collect: (name, depth) => (name === 'header' && depth === 1) || name === 'oferta' || name === 'oferta_usun'
    || (name === 'zawartosc_pliku' && depth === 1) || (name === 'data' && depth === 1),
  reader() {
    let dzial: Record<string, string> = {}
    let mode: FeedHeader['mode'] | undefined
    let date: Date | null = null
    let headerSent = false
    const readMode = (t: string) => {
      const v = slugify(t)
      if (v === 'calosc') mode = 'full'
      else if (v === 'roznica') mode = 'diff'
      else throw new FeedFileError(`Nieznana wartość <zawartosc_pliku>: „${t.slice(0, 40)}” (oczekiwano calosc albo roznica)`)
    }
    const readDate = (t: string) => {
      const ms = Date.parse(t.trim().replace(' ', 'T'))
      if (t.trim() && Number.isNaN(ms)) throw new FeedFileError(`Nieprawidłowa data pliku: „${t.slice(0, 40)}”`)
      if (t.trim()) date = new Date(ms)
    }
    const header = (): FeedHeader[] => {
      if (headerSent) return []
      if (!mode) throw new FeedFileError('Brak <zawartosc_pliku> (calosc albo roznica) w nagłówku pliku')
      headerSent = true
      return [{ format: 'ofertynet', mode, date }]
    }
    return {
      open(ev) { if (ev.name === 'dzial') dzial = ev.attrs },
      node(ev) {
        const n = ev.node
        if (n.name === 'header') {
          const z = descendants(n, 'zawartosc_pliku')[0]
          if (z) readMode(textOf(z))
          const dt = children(n, 'data')[0] ?? children(n, 'data_wygenerowania')[0] ?? children(n, 'data_utworzenia')[0]
          if (dt) readDate(textOf(dt))
          return []
        }
        if (n.name === 'zawartosc_pliku') { readMode(textOf(n)); return [] }
        if (n.name === 'data') { readDate(textOf(n)); return [] }
        if (n.name === 'oferta_usun') {
          const ids = children(n, 'id').map(textOf)
          return [...header(), ...(ids.length ? ids : [textOf(n)]).filter(Boolean)
            .map((id): FeedItem => ({ kind: 'delete', externalId: id.slice(0, 100) }))]
        }
        return [...header(), offer(n, dzial)]
      },
      end: () => header(),
    }
  },
}
