import { ATTRIBUTE_BY_SLUG, categoryBySlug, MULTI_VALUED_IDS, offerTypeFromSlug } from '@portal/contracts/catalogue'
import { newDraft, number, priceGrosze, Reject, toItem, type FeedItem } from '../map.ts'
import { child, children, FeedFileError, textOf, type XmlNode } from '../xml.ts'
import type { FeedFormat, FeedHeader } from './format.ts'

/**
 * The portal's own format (public page /integracje/format, XSD at /api/feeds/portal.xsd): our catalogue's words as
 * they are (category and attribute slugs), so nothing needs translating. `mode` full | changes; `<end id>` ends one.
 */
export const PORTAL_FEED_NS = 'urn:portal:feed:1'

function offer(node: XmlNode): FeedItem {
  const externalId = (node.attrs.id ?? '').trim().slice(0, 100)
  return toItem(externalId, () => {
    const d = newDraft(externalId)
    const cat = textOf(child(node, 'category'))
    const c = categoryBySlug(cat)
    if (!c) throw new Reject(cat ? `Nieznana kategoria „${cat.slice(0, 60)}”` : 'Brak kategorii')
    d.categoryId = c.id
    const tr = textOf(child(node, 'transaction'))
    d.offerType = offerTypeFromSlug(tr)
    if (!d.offerType) throw new Reject(tr ? `Nieznany rodzaj transakcji „${tr.slice(0, 40)}”` : 'Brak rodzaju transakcji')
    d.title = textOf(child(node, 'title')) || undefined
    d.description = textOf(child(node, 'description'))
    const price = child(node, 'price')
    if (!price) throw new Reject('Brak ceny')
    d.price = priceGrosze(textOf(price), price.attrs.currency)
    const loc = child(node, 'location')
    d.city = loc?.attrs.city || textOf(loc) || undefined
    d.district = loc?.attrs.district || undefined
    d.street = loc?.attrs.street || undefined
    if (loc?.attrs.lat && loc.attrs.lon) {
      d.lat = number(loc.attrs.lat, 'lat')
      d.lon = number(loc.attrs.lon, 'lon')
    }
    for (const a of children(node, 'attribute')) {
      const def = ATTRIBUTE_BY_SLUG.get(a.attrs.slug ?? '')
      if (!def) throw new Reject(`Nieznany atrybut „${(a.attrs.slug ?? '').slice(0, 40)}”`)
      if ((MULTI_VALUED_IDS as readonly number[]).includes(def.id)) {
        d.attrs.set(def.id, [...((d.attrs.get(def.id) as string[] | undefined) ?? []), textOf(a)])
      } else if (def.type !== 'boolean') {
        d.attrs.set(def.id, textOf(a))
      } else if (textOf(a) === 'true' || textOf(a) === '1') {
        d.attrs.set(def.id, 'true')
      }
    }
    d.photos = children(node, 'photo').map(textOf).filter(Boolean)
    return d
  })
}

export const portalFormat: FeedFormat = {
  id: 'portal',
  label: 'Format portalu',
  root: 'portal-feed',
  collect: (name, depth) => depth === 1 && (name === 'offer' || name === 'end'),
  reader() {
    return {
      open(ev): FeedHeader[] | void {
        if (ev.depth !== 0) return
        const mode = ev.attrs.mode === 'full' ? 'full' : ev.attrs.mode === 'changes' ? 'diff' : null
        if (!mode) throw new FeedFileError('Atrybut mode elementu <portal-feed> musi mieć wartość full albo changes')
        const ms = ev.attrs.generated ? Date.parse(ev.attrs.generated) : NaN
        if (ev.attrs.generated && Number.isNaN(ms)) throw new FeedFileError(`Nieprawidłowa data generated: „${ev.attrs.generated.slice(0, 40)}”`)
        return [{ format: 'portal', mode, date: Number.isNaN(ms) ? null : new Date(ms) }]
      },
      node: (ev) => ev.node.name === 'end'
        ? [{ kind: 'delete', externalId: (ev.node.attrs.id ?? '').trim().slice(0, 100) }]
        : [offer(ev.node)],
      end: () => [],
    }
  },
}
