/**
 * The demo photo pool: 48 generated scenes and 4 floor plans stored once under `uploads/demo/p{NN}` and shared by all
 * listings. Plans come last, so the photos' indexes stay what they were before plans joined.
 */
export type Scene =
  | 'living' | 'bedroom' | 'kitchen' | 'bathroom' | 'block' | 'townhouse' | 'house' | 'field' | 'cabin' | 'garage'
  | 'shop' | 'warehouse' | 'plan'

const LAYOUT: [Scene, number][] = [
  ['living', 6], ['bedroom', 4], ['kitchen', 4], ['bathroom', 3], ['block', 7], ['townhouse', 4], ['house', 8],
  ['field', 4], ['cabin', 3], ['garage', 2], ['shop', 2], ['warehouse', 1],
  ['plan', 4],
]

export interface PoolImage { index: number; key: string; scene: Scene }

export const POOL: PoolImage[] = LAYOUT.flatMap(([scene, count]) => Array.from({ length: count }, () => scene))
  .map((scene, i) => ({ index: i, key: `demo/p${String(i + 1).padStart(2, '0')}`, scene }))

export const POOL_BY_SCENE = new Map<Scene, number[]>()
for (const p of POOL) POOL_BY_SCENE.set(p.scene, [...(POOL_BY_SCENE.get(p.scene) ?? []), p.index])

export const PHOTO_WIDTH = 1600
export const PHOTO_HEIGHT = 1200

/** Which scenes suit a top-level category: the first list gives the cover photo, the second the rest. */
export const PHOTO_PLAN: Record<string, [Scene[], Scene[]]> = {
  mieszkanie: [['living', 'block', 'townhouse', 'kitchen'], ['living', 'bedroom', 'kitchen', 'bathroom', 'block']],
  dom: [['house'], ['living', 'bedroom', 'kitchen', 'bathroom', 'house', 'field']],
  'dom-modulowy': [['cabin', 'house'], ['living', 'bedroom', 'kitchen', 'bathroom', 'field']],
  'lokal-uzytkowy': [['shop', 'townhouse', 'block'], ['living', 'kitchen', 'bathroom', 'shop']],
  dzialka: [['field'], ['field', 'house', 'cabin']],
  kemping: [['field', 'cabin'], ['cabin', 'field']],
  'domek-letniskowy': [['cabin'], ['cabin', 'field', 'living', 'bedroom']],
  garaz: [['garage'], ['garage', 'block']],
  parking: [['garage'], ['garage', 'block']],
  pokoj: [['bedroom'], ['bedroom', 'kitchen', 'bathroom', 'living']],
  magazyny: [['warehouse'], ['warehouse', 'garage', 'field']],
  'hotele-pensjonaty': [['townhouse', 'house'], ['bedroom', 'living', 'bathroom', 'kitchen']],
  uslugi: [['living', 'kitchen'], ['living', 'kitchen', 'bathroom', 'bedroom']],
}
