export const PHOTO_SIZES = { sm: 480, md: 960, lg: 1600 } as const
export type PhotoSize = keyof typeof PHOTO_SIZES

export function photoUrl(storageKey: string, size: PhotoSize): string {
  return `/uploads/${storageKey}/${size}.webp`
}
export function photoSrcSet(storageKey: string): string {
  return (Object.keys(PHOTO_SIZES) as PhotoSize[]).map((s) => `${photoUrl(storageKey, s)} ${PHOTO_SIZES[s]}w`).join(', ')
}
