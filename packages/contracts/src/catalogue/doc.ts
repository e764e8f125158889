import { ATTRIBUTES } from './attributes.ts'
import { CATEGORIES, PRICE_OPTIONS, AREA_OPTIONS } from './index.ts'
import { CITIES, locativePhrase } from './cities.ts'
import { cityForms, districtForms } from './inflection.ts'
import { OFFER_TYPES } from './offer-types.ts'

const OFFER_LABEL = Object.fromEntries(OFFER_TYPES.map((t) => [t.value, t.slug]))

/** The catalogue as Markdown (docs/catalogue.md). */
export function renderCatalogueDoc(): string {
  const out: string[] = [
    '# Catalogue',
    '',
    'Generated from `packages/contracts/src/catalogue` by `npx tsx scripts/catalogue-doc.ts`; do not edit by hand.',
    'The API serves it at `GET /api/search/filters`; the `categories` table mirrors it at start.',
    '',
    '## Offer types',
    '',
    '| API value | URL slug | label |',
    '|---|---|---|',
    ...OFFER_TYPES.map((t) => `| ${t.value} | ${t.slug} | ${t.label} |`),
    '',
    'Wanted ads are `ad-type=seek-property` (stored as `ad_type = seek`); the advanced search may send `swap` for exchange.',
    '',
    '## Categories',
    '',
    '| id | parent | backend slug | URL slug | name | offer types | attribute ids |',
    '|---|---|---|---|---|---|---|',
    ...CATEGORIES.map((c) =>
      `| ${c.id} | ${c.parentId ?? ''} | ${c.slug} | ${c.urlSlug} | ${c.name} | ${c.offerTypes.map((o) => OFFER_LABEL[o]).join(', ')} | ${c.parentId ? 'as parent' : c.attributes.join(', ')} |`),
    '',
    '## Attributes',
    '',
    'Booleans travel as the string `true`; ids 15–17 are multi-valued (arrays of option slugs).',
    '',
    '| id | slug | name | type | unit | query key | offer types | options |',
    '|---|---|---|---|---|---|---|---|',
    ...ATTRIBUTES.map((a) =>
      `| ${a.id} | ${a.slug} | ${a.name} | ${a.type} | ${a.unit ?? ''} | ${a.param ?? ''} | ${(a.offerTypes ?? []).map((o) => OFFER_LABEL[o]).join(', ') || 'all'} | ${(a.options ?? []).map((o) => `${o.slug} (${o.name})`).join(', ')}${a.min !== undefined ? ` range ${a.min}–${a.max}` : ''} |`),
    '',
    'Ids 23–28 of the original system (Zł/noc and five extras flags) are not used: the extras are options of 16.',
    '',
    '## Price and area lists',
    '',
    `- price min (zł): ${PRICE_OPTIONS.min.join(', ')}`,
    `- price max (zł): ${PRICE_OPTIONS.max.join(', ')}`,
    `- area min (m²): ${AREA_OPTIONS.min.join(', ')}`,
    `- area max (m²): ${AREA_OPTIONS.max.join(', ')}`,
    '',
    '## Popular cities',
    '',
    'The search understands each city and district in the nominative, genitive and locative (\'z Krakowa\', \'na Mokotowie\').',
    'Genitives and district forms are derived by `inflection.ts`; irregular ones come from `IRREGULAR_PLACE_FORMS` in `cities.ts`.',
    '',
    '| city | genitive | locative | voivodeship | districts |',
    '|---|---|---|---|---|',
    ...CITIES.map((c) => `| ${c.name} | ${cityForms(c).genitive} | ${locativePhrase(c)} | ${c.voivodeship} | ${c.districts.map((d) => d.name).join(', ')} |`),
    '',
    '### District forms',
    '',
    '| district | genitive | locative |',
    '|---|---|---|',
    ...[...new Map(CITIES.flatMap((c) => c.districts).map((d) => [d.name, d])).values()].map((d) => {
      const f = districtForms(d)
      return `| ${d.name} | ${f.genitive} | ${f.locative} |`
    }),
    '',
  ]
  return out.join('\n')
}
