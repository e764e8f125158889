// Zod-free helpers of the market price pages (issue 26) for code that must stay light (decision 027).

/** A district's URL segment: Polish letters folded, everything else to hyphens ('Prądnik Biały' → 'pradnik-bialy'). */
export function districtSlug(name: string): string {
  const folded = name.toLowerCase().replace(/ł/g, 'l').normalize('NFD').replace(/[\u0300-\u036f]/g, '')
  return folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
}

/** '/ceny-nieruchomosci/krakow', '/ceny-nieruchomosci/krakow/podgorze' (district by name). */
export const pricePagePath = (citySlug: string, district?: string | null) =>
  `/ceny-nieruchomosci/${citySlug}${district ? `/${districtSlug(district)}` : ''}`
