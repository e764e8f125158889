import {
  addExtra, bathroomsChoice, floorChoice, newDraft, number, priceGrosze, Reject, roomsChoice, toItem, type FeedItem,
} from '../map.ts'
import { child, children, FeedFileError, path, textOf, type XmlNode } from '../xml.ts'
import type { FeedFormat, FeedHeader } from './format.ts'

/**
 * OpenImmo 1.2.7: `<uebertragung umfang="VOLL|TEIL">` (full snapshot or changes), `<anbieter>` with `<immobilie>`s;
 * each names itself in `<verwaltung_techn>` (`<objektnr_extern>`, `<aktion aktionart="CHANGE|DELETE">`). Categories
 * come from the element inside `<objektart>`, the transaction from `<vermarktungsart KAUF MIETE_PACHT>`.
 */
const yes = (v: string | undefined) => v === 'true' || v === '1'

function category(objektart: XmlNode | undefined): number {
  const kind = objektart?.children[0]
  if (!kind) throw new Reject('Brak rodzaju nieruchomości (objektart)')
  const a = kind.attrs
  switch (kind.name) {
    case 'wohnung': return 1
    case 'zimmer': return 48
    case 'haus': {
      const t = (a.haustyp ?? '').toUpperCase()
      if (t === 'EINFAMILIENHAUS') return 12
      if (t === 'DOPPELHAUSHAELFTE') return 13
      if (t.startsWith('REIHEN')) return 14
      return 9
    }
    case 'grundstueck': return 32
    case 'buero_praxen': return 22
    case 'einzelhandel': return 27
    case 'hallen_lager_prod': return 53
    case 'gastgewerbe': return 54
    case 'land_und_forstwirtschaft': return 34
    case 'parken': return /GARAGE/i.test(a.parken_typ ?? '') ? 41 : 52
  }
  throw new Reject(`Nieznana kategoria OpenImmo „${kind.name}”`)
}

const CONDITION: Record<string, string> = {
  ROHBAU: 'surowy', RENOVIERUNGSBEDUERFTIG: 'do-remontu', SANIERUNGSBEDUERFTIG: 'do-remontu', TEIL_SANIERT: 'do-odswiezenia',
  TEIL_VOLLRENOVIERT: 'do-odswiezenia', VOLL_SANIERT: 'wyremontowane', TEIL_VOLLSANIERT: 'wyremontowane', MODERNISIERT: 'wyremontowane',
  NEUWERTIG: 'do-wprowadzenia', ERSTBEZUG: 'do-wprowadzenia', GEPFLEGT: 'do-wprowadzenia', NACH_VEREINBARUNG: '',
}
const PHOTO_GROUPS = new Set(['BILD', 'TITELBILD', 'INNENANSICHTEN', 'AUSSENANSICHTEN', ''])

function immobilie(node: XmlNode): FeedItem {
  const techn = child(node, 'verwaltung_techn')
  const externalId = (textOf(child(techn, 'objektnr_extern')) || textOf(child(techn, 'openimmo_obid'))).slice(0, 100)
  const aktion = (child(techn, 'aktion')?.attrs.aktionart ?? '').toUpperCase()
  if (aktion === 'DELETE') return { kind: 'delete', externalId }
  return toItem(externalId, () => {
    if (aktion && aktion !== 'CHANGE') throw new Reject(`Nieobsługiwana akcja OpenImmo „${aktion}”`)
    const d = newDraft(externalId)
    const kat = child(node, 'objektkategorie')
    d.categoryId = category(child(kat, 'objektart'))
    const v = child(kat, 'vermarktungsart')?.attrs ?? {}
    if (yes(v.KAUF) === yes(v.MIETE_PACHT)) throw new Reject('Nie określono jednoznacznie rodzaju transakcji (vermarktungsart KAUF / MIETE_PACHT)')
    d.offerType = yes(v.KAUF) ? 'sell' : 'rent'
    const preise = child(node, 'preise')
    const currency = child(preise, 'waehrung')?.attrs.iso_waehrung
    if (!currency) throw new Reject('Brak waluty (preise/waehrung); obsługujemy tylko PLN')
    const priceNode = d.offerType === 'sell' ? child(preise, 'kaufpreis')
      : child(preise, 'warmmiete') ?? child(preise, 'kaltmiete') ?? child(preise, 'nettokaltmiete')
    if (!priceNode) throw new Reject(d.offerType === 'sell' ? 'Brak ceny (preise/kaufpreis)' : 'Brak czynszu (preise/warmmiete, kaltmiete)')
    d.price = priceGrosze(textOf(priceNode), currency)
    const geo = child(node, 'geo')
    d.city = textOf(child(geo, 'ort')) || undefined
    d.district = textOf(child(geo, 'regionaler_zusatz')) || undefined
    d.street = textOf(child(geo, 'strasse')) || undefined
    const coords = child(geo, 'geokoordinaten')?.attrs
    if (coords?.breitengrad && coords.laengengrad) {
      d.lat = number(coords.breitengrad, 'breitengrad')
      d.lon = number(coords.laengengrad, 'laengengrad')
    }
    const etage = textOf(child(geo, 'etage'))
    if (etage) d.attrs.set(9, floorChoice(etage, 'etage'))
    const etagen = textOf(child(geo, 'anzahl_etagen'))
    if (etagen) d.attrs.set(10, String(number(etagen, 'anzahl_etagen')))
    const fl = child(node, 'flaechen')
    const area = textOf(child(fl, 'wohnflaeche')) || textOf(child(fl, 'nutzflaeche')) || textOf(child(fl, 'grundstuecksflaeche'))
      || textOf(child(fl, 'gesamtflaeche'))
    if (area) d.attrs.set(4, String(number(area, 'flaechen')))
    const rooms = textOf(child(fl, 'anzahl_zimmer'))
    if (rooms) d.attrs.set(11, roomsChoice(Math.floor(number(rooms, 'anzahl_zimmer')), 'anzahl_zimmer'))
    const baths = textOf(child(fl, 'anzahl_badezimmer'))
    if (baths) d.attrs.set(29, bathroomsChoice(number(baths, 'anzahl_badezimmer'), 'anzahl_badezimmer'))
    if (Number(textOf(child(fl, 'anzahl_balkone')) || 0) > 0 || Number(textOf(child(fl, 'anzahl_terrassen')) || 0) > 0) addExtra(d, 'balkon')
    const aus = child(node, 'ausstattung')
    if (child(aus, 'fahrstuhl')) addExtra(d, 'winda')
    if (child(aus, 'kamin') && yes(textOf(child(aus, 'kamin')) || 'true')) addExtra(d, 'kominek')
    if (child(aus, 'gartennutzung') && yes(textOf(child(aus, 'gartennutzung')) || 'true')) addExtra(d, 'ogrod')
    if (child(aus, 'unterkellert')) addExtra(d, 'piwnica')
    if (child(aus, 'klimatisiert') && yes(textOf(child(aus, 'klimatisiert')) || 'true')) addExtra(d, 'klimatyzacja')
    if (child(aus, 'stellplatzart')) addExtra(d, 'parking')
    const zustand = path(node, 'zustand_angaben', 'zustand')?.attrs.zustand_art
    if (zustand) {
      const slug = CONDITION[zustand.toUpperCase()]
      if (slug === undefined) throw new Reject(`Stan „${zustand}” (zustand_art) nie ma odpowiednika w katalogu`)
      if (slug) d.attrs.set(12, slug)
    }
    const baujahr = textOf(path(node, 'zustand_angaben', 'baujahr'))
    if (baujahr) d.attrs.set(18, String(number(baujahr, 'baujahr')))
    const texts = child(node, 'freitexte')
    d.title = textOf(child(texts, 'objekttitel')) || undefined
    d.description = textOf(child(texts, 'objektbeschreibung')) || textOf(child(texts, 'dreizeiler'))
    for (const a of children(child(node, 'anhaenge'), 'anhang')) {
      if (!PHOTO_GROUPS.has((a.attrs.gruppe ?? '').toUpperCase())) continue
      const src = textOf(path(a, 'daten', 'pfad'))
      if (src) d.photos.push(src)
    }
    return d
  })
}

export const openImmo: FeedFormat = {
  id: 'openimmo',
  label: 'OpenImmo 1.2.7',
  root: 'openimmo',
  collect: (name) => name === 'immobilie',
  reader() {
    let header: FeedHeader | null = null
    let sent = false
    const first = (): FeedHeader[] => {
      if (sent) return []
      if (!header) throw new FeedFileError('Brak <uebertragung umfang="VOLL|TEIL"> przed pierwszą nieruchomością')
      sent = true
      return [header]
    }
    return {
      open(ev) {
        if (ev.name !== 'uebertragung') return
        const umfang = (ev.attrs.umfang ?? '').toUpperCase()
        if (umfang !== 'VOLL' && umfang !== 'TEIL') {
          throw new FeedFileError(`Nieznana wartość uebertragung umfang: „${(ev.attrs.umfang ?? '').slice(0, 20)}” (oczekiwano VOLL albo TEIL)`)
        }
        const ts = ev.attrs.timestamp ? Date.parse(ev.attrs.timestamp) : NaN
        header = { format: 'openimmo', mode: umfang === 'VOLL' ? 'full' : 'diff', date: Number.isNaN(ts) ? null : new Date(ts) }
        return first()
      },
      node: (ev) => [...first(), immobilie(ev.node)],
      end: () => first(),
    }
  },
}
