import { createHash } from 'node:crypto'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import {
  developerDisclosures, idArray, investments, investmentUnits, listingPriceHistory, listings, priceDisclosureFiles, priceDisclosureXml,
  users, type DbHandle, type PostalAddress, type UnitExtra,
} from '@portal/db'
import { displayName } from '@portal/contracts/people'
import { warsawDate } from '../listings/write.ts'
import { DISCLOSURE_COLUMNS, NOT_APPLICABLE as X } from './disclosure-columns.ts'
import { openDataPaths } from './read.ts'

/**
 * The daily open-data files of a developer's prices (art. 19a–19b; decision 058): one CSV a day with every unit on
 * offer (sold ones are not offered), its MD5, and the XML the dane.gov.pl harvester reads listing every day's CSV,
 * with its MD5. Written by the `price-disclosure` job each night, also on a day when nothing changed, into the
 * database so that any instance serves them.
 */
export const DISCLOSURE_JOB = 'price-disclosure'

export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex')
const zl = (grosze: number) => (grosze / 100).toFixed(2)
const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)

type Developer = typeof users.$inferSelect
type Disclosure = typeof developerDisclosures.$inferSelect | null

const addr = (a: PostalAddress | null | undefined) => [a?.voivodeship, a?.county, a?.commune, a?.city, a?.street, a?.number, a?.unit, a?.zip]

/** A missing required value: the cell stays empty and the account page names the unit and the field. */
export interface Missing { listing_id: number; investment: string; unit: string; fields: string[] }

interface UnitRow {
  listingId: number; unitNumber: string; building: string; extras: UnitExtra[]; price: number; area: number | null; ppm: number | null
  inv: Investment; priceSince: string | null
}
type Investment = typeof investments.$inferSelect

function developerCells(dev: Developer, d: Disclosure): string[] {
  return [
    displayName(dev), d?.legalForm ?? '', d?.krs || X, d?.ceidg || X, dev.nip ?? '', d?.regon ?? '', dev.phone ?? '', dev.email,
    d?.fax || X, d?.website || X,
    ...addr(d?.headOffice).map((v, i) => v || (i === 6 ? X : '')),
    ...addr(d?.salesOffice).map((v, i) => v || (i === 6 ? X : '')),
    d?.otherSalesPlaces || X, d?.contactMethod ?? '',
  ]
}

const SITE_NAMES = ['województwo', 'powiat', 'gmina', 'miejscowość', 'ulica', 'nr nieruchomości', 'kod pocztowy']

/** The investment's site columns and the names of those it lacks: the same for each of its units. */
function siteCells(inv: Investment): { cells: string[]; missing: string[] } {
  const a = inv.address
  const site = [inv.voivodeship, a?.county, a?.commune, inv.city, a?.street, a?.number, a?.zip]
  return { cells: site.map((v) => v ?? ''), missing: SITE_NAMES.filter((_, i) => !site[i]).map((n) => `${n} inwestycji`) }
}

function unitCells(u: UnitRow): string[] {
  const since = u.priceSince ?? ''
  const of = (kind: UnitExtra['kind']) => u.extras.filter((e) => e.kind === kind)
  const part = (list: UnitExtra[], kindName: string) => (list.length
    ? [kindName, list.map((e) => e.label || kindName).join('; '), list.map((e) => zl(e.price)).join('; '), list.map((e) => e.since).join('; ')]
    : [X, X, X, X])
  const parking = of('parking')
  const storage = of('storage')
  const other = of('other')
  const total = u.price + u.extras.reduce((s, e) => s + e.price, 0)
  return [
    'lokal mieszkalny', u.building ? `${u.building}/${u.unitNumber}` : u.unitNumber,
    u.ppm ? zl(u.ppm) : '', since, zl(u.price), since, zl(total), since,
    ...part(parking, 'miejsce postojowe'), ...part(storage, 'komórka lokatorska'),
    // The portal does not record rights needed to use the flat (e.g. a share of an access road): 'X' (decision 058).
    X, X, X,
    ...(other.length ? [other.map((e) => e.label).join('; '), other.map((e) => zl(e.price)).join('; '), other.map((e) => e.since).join('; ')] : [X, X, X]),
  ]
}

/**
 * The developer's units on offer, with the day their current price applies from. Two queries for the developer
 * (not per investment or unit): the investments, then the units with their last price change read through the
 * (listing_id, changed_at) index.
 */
async function unitsOnOffer(db: DbHandle, userId: number): Promise<UnitRow[]> {
  const invs = new Map((await db.db.select().from(investments).where(eq(investments.userId, userId))).map((i) => [i.id, i]))
  if (!invs.size) return []
  const rows = await db.db.select({
    listingId: investmentUnits.listingId, investmentId: investmentUnits.investmentId, unitNumber: investmentUnits.unitNumber,
    building: investmentUnits.building, extras: investmentUnits.extras, price: listings.price, area: listings.area, ppm: listings.pricePerM2,
    changedAt: sql<string | null>`(SELECT max(${listingPriceHistory.changedAt}) FROM ${listingPriceHistory} WHERE ${listingPriceHistory.listingId} = ${investmentUnits.listingId})`,
  })
    .from(investmentUnits).innerJoin(listings, eq(listings.id, investmentUnits.listingId))
    .where(and(sql`${investmentUnits.investmentId} = any(${idArray([...invs.keys()])})`, sql`${investmentUnits.status} <> 'sprzedane'`))
    .orderBy(asc(investmentUnits.investmentId), asc(investmentUnits.building), asc(investmentUnits.unitNumber))
  return rows.map((r) => ({
    listingId: r.listingId, unitNumber: r.unitNumber, building: r.building, extras: r.extras,
    price: Number(r.price), area: r.area === null ? null : Number(r.area), ppm: r.ppm === null ? null : Number(r.ppm), inv: invs.get(r.investmentId)!,
    priceSince: r.changedAt ? warsawDate(r.changedAt) : null,
  }))
}

export async function buildCsv(db: DbHandle, userId: number): Promise<{ csv: string; rows: number; missing: Missing[]; developerMissing: string[] }> {
  const [dev] = await db.db.select().from(users).where(eq(users.id, userId))
  const [d] = await db.db.select().from(developerDisclosures).where(eq(developerDisclosures.userId, userId))
  const devCells = developerCells(dev!, d ?? null)
  const developerMissing = DISCLOSURE_COLUMNS.slice(0, devCells.length).filter((_, i) => devCells[i] === '')
  const missing: Missing[] = []
  const units = await unitsOnOffer(db, userId)
  // The developer's and each investment's cells are the same on each of their rows: quoted and joined once.
  const devText = devCells.map(csvCell).join(',')
  const sites = new Map<number, { text: string; missing: string[] }>()
  let csv = `${DISCLOSURE_COLUMNS.map(csvCell).join(',')}\r\n`
  for (const u of units) {
    let site = sites.get(u.inv.id)
    if (!site) {
      const s = siteCells(u.inv)
      site = { text: s.cells.map(csvCell).join(','), missing: s.missing }
      sites.set(u.inv.id, site)
    }
    const m = u.area ? [...site.missing] : [...site.missing, 'powierzchnia']
    if (m.length) missing.push({ listing_id: u.listingId, investment: u.inv.name, unit: u.building ? `${u.building}/${u.unitNumber}` : u.unitNumber, fields: m })
    csv += `${devText},${site.text},${unitCells(u).map(csvCell).join(',')}\r\n`
  }
  return { csv, rows: units.length, missing, developerMissing }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The harvester's XML (urn:otwarte-dane:harvester:1.13): one dataset per developer, one resource per day's CSV. */
export function buildXml(publicUrl: string, userId: number, name: string, days: string[]): string {
  const dataset = `portal_${userId}_ceny_mieszkan`
  const law = 'zgodnie z art. 19b ust. 1 ustawy z dnia 20 maja 2021 r. o ochronie praw nabywcy lokalu mieszkalnego lub domu jednorodzinnego oraz Deweloperskim Funduszu Gwarancyjnym'
  const resources = days.map((day) => `      <resource status="published">
        <extIdent>${dataset}_${day.replace(/-/g, '')}</extIdent>
        <url>${esc(`${publicUrl}${dailyCsvPath(userId, day)}`)}</url>
        <title><polish>${esc(`Ceny ofertowe mieszkań dewelopera ${name} ${day}`)}</polish><english>${esc(`Offer prices of flats of developer ${name} ${day}`)}</english></title>
        <description><polish>${esc(`Dane o cenach ofertowych mieszkań dewelopera ${name} udostępnione ${day} ${law}.`)}</polish><english>${esc(`Offer prices of flats of developer ${name} published on ${day}.`)}</english></description>
        <availability>local</availability>
        <dataDate>${day}</dataDate>
        <specialSigns><specialSign>X</specialSign></specialSigns>
        <hasDynamicData>false</hasDynamicData>
        <hasHighValueData>true</hasHighValueData>
        <hasHighValueDataFromEuropeanCommissionList>false</hasHighValueDataFromEuropeanCommissionList>
        <hasResearchData>false</hasResearchData>
        <containsProtectedData>false</containsProtectedData>
      </resource>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<ns2:datasets xmlns:ns2="urn:otwarte-dane:harvester:1.13" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <dataset status="published">
    <extIdent>${dataset}</extIdent>
    <title><polish>${esc(`Ceny ofertowe mieszkań dewelopera ${name}`)}</polish><english>${esc(`Offer prices of flats of developer ${name}`)}</english></title>
    <description><polish>${esc(`Zbiór danych zawiera informacje o cenach ofertowych mieszkań dewelopera ${name} udostępniane ${law}.`)}</polish><english>${esc(`Offer prices of flats of developer ${name}, published daily as the act on the protection of buyers requires.`)}</english></description>
    <updateFrequency>daily</updateFrequency>
    <hasDynamicData>false</hasDynamicData>
    <hasHighValueData>true</hasHighValueData>
    <hasHighValueDataFromEuropeanCommissionList>false</hasHighValueDataFromEuropeanCommissionList>
    <hasResearchData>false</hasResearchData>
    <categories><category>ECON</category></categories>
    <resources>
${resources}
    </resources>
    <tags><tag lang="pl">Deweloper</tag></tags>
  </dataset>
</ns2:datasets>
`
}

export const dailyCsvPath = (userId: number, day: string) => `/api/dane-otwarte/${userId}/ceny-${day}.csv`

/** Writes (or writes again) the developer's file of `day` and the XML naming every day's file. Idempotent. */
export async function writeDisclosure(db: DbHandle, publicUrl: string, userId: number, day = warsawDate(new Date())!): Promise<void> {
  const { csv, rows } = await buildCsv(db, userId)
  await db.db.insert(priceDisclosureFiles).values({ userId, day, csv, csvMd5: md5(csv), rows })
    .onConflictDoUpdate({ target: [priceDisclosureFiles.userId, priceDisclosureFiles.day], set: { csv, csvMd5: md5(csv), rows, createdAt: sql`now()` } })
  const days = (await db.db.select({ day: priceDisclosureFiles.day }).from(priceDisclosureFiles)
    .where(eq(priceDisclosureFiles.userId, userId)).orderBy(asc(priceDisclosureFiles.day))).map((r) => r.day)
  const [dev] = await db.db.select().from(users).where(eq(users.id, userId))
  const xml = buildXml(publicUrl, userId, displayName(dev!), days)
  await db.db.insert(priceDisclosureXml).values({ userId, xml, xmlMd5: md5(xml) })
    .onConflictDoUpdate({ target: priceDisclosureXml.userId, set: { xml, xmlMd5: md5(xml), generatedAt: sql`now()` } })
}

/** Every developer with an investment: the job writes each one's file of the day. */
export async function disclosingDevelopers(db: DbHandle): Promise<number[]> {
  const rows = await db.db.selectDistinct({ id: investments.userId }).from(investments)
    .innerJoin(users, eq(users.id, investments.userId)).where(sql`${users.deletedAt} IS NULL`)
  return rows.map((r) => r.id)
}

/** The latest file (or the file of `day`). */
export async function disclosureFile(db: DbHandle, userId: number, day?: string) {
  const [row] = await db.db.select().from(priceDisclosureFiles)
    .where(day ? and(eq(priceDisclosureFiles.userId, userId), eq(priceDisclosureFiles.day, day)) : eq(priceDisclosureFiles.userId, userId))
    .orderBy(desc(priceDisclosureFiles.day)).limit(1)
  return row ?? null
}

export async function disclosureXml(db: DbHandle, userId: number) {
  const [row] = await db.db.select().from(priceDisclosureXml).where(eq(priceDisclosureXml.userId, userId))
  return row ?? null
}

/** For the developer's account: the addresses to register at dane.gov.pl, the last file, and what is missing. */
export async function disclosureStatus(db: DbHandle, publicUrl: string, userId: number) {
  const last = await disclosureFile(db, userId)
  const { missing, developerMissing } = await buildCsv(db, userId)
  const p = openDataPaths(userId)
  return {
    urls: { csv: publicUrl + p.csv, csv_md5: publicUrl + p.csvMd5, xml: publicUrl + p.xml, xml_md5: publicUrl + p.xmlMd5 },
    last_day: last?.day ?? null, last_generated_at: last ? new Date(last.createdAt).toISOString() : null, rows: last?.rows ?? 0,
    developer_missing: developerMissing, units_missing: missing,
  }
}
