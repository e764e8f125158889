import { tileUrlFrom } from '@portal/contracts/map-tiles'

/** The tile URL template for the maps (MAP_TILE_URL; OpenStreetMap when unset), or null when set to 'off'. */
export function mapTileUrl(): string | null {
  return tileUrlFrom(process.env.MAP_TILE_URL)
}
