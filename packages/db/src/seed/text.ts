/** Lower-case, diacritic-free text ('ł' too, which NFD does not decompose) for phrase search. */
export function searchNormalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
}

export function slugify(text: string, max = 80): string {
  const s = searchNormalize(text).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
  return s.slice(0, max).replace(/-+$/, '')
}

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
