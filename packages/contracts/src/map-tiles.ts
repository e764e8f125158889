/**
 * The maps' raster tiles (MAP_TILE_URL, read by the API's CSP and by the web's loaders). Unset: OpenStreetMap's
 * standard tiles, with their attribution; 'off': no tiles, only the offline base map drawn from data in the repo
 * (apps/web/app/components/map/poland-base.json), which also shows wherever the tiles cannot be loaded.
 */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
export const TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a>'

/** The URL template in use, or null for none. */
export function tileUrlFrom(value: string | undefined | null): string | null {
  const v = value?.trim()
  if (!v) return DEFAULT_TILE_URL
  if (v === 'off') return null
  return v
}

/** The origin a CSP img-src must allow for the template ('{s}.' subdomains become a wildcard), or null. */
export function tileOrigin(url: string | null): string | null {
  if (!url) return null
  const m = /^(https?:\/\/)([^/]+)/.exec(url)
  if (!m) return null
  return `${m[1]}${m[2]!.replace(/\{s\}/g, '*')}`
}
