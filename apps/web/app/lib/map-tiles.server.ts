/** The tile URL template for the maps, or null: tiles only when MAP_TILE_URL is configured (no third-party default). */
export function mapTileUrl(): string | null {
  return process.env.MAP_TILE_URL?.trim() || null
}
