import { readFileSync } from 'node:fs'

/**
 * HEIC test files. `fixtures/photo.heic` (983 bytes) is a real HEVC-coded HEIC made with Debian's libheif-examples:
 *   heif-enc -q 40 -o photo.heic in.jpg
 * from a 320×240 JPEG whose left half is red and right half blue, carrying EXIF Make 'SecretCam' and a GPS
 * latitude (heif-enc copies the EXIF into the HEIC). The variants below are edits of its boxes, so no tool is
 * needed at test time.
 */
export const heicPhoto = (): Buffer => readFileSync(new URL('./fixtures/photo.heic', import.meta.url))

interface Box { type: string; start: number; size: number }

function boxes(buf: Buffer, from: number, to: number): Box[] {
  const out: Box[] = []
  for (let at = from; at + 8 <= to;) {
    const size = buf.readUInt32BE(at)
    if (size < 8) throw new Error('unsupported box size')
    out.push({ type: buf.toString('latin1', at + 4, at + 8), start: at, size })
    at += size
  }
  return out
}
const child = (buf: Buffer, parent: Box, type: string, skip = 0) => {
  const found = boxes(buf, parent.start + 8 + skip, parent.start + parent.size).find((b) => b.type === type)
  if (!found) throw new Error(`no ${type} box`)
  return found
}

/** The image size its `ispe` box claims changed (a decompression bomb as far as a decoder knows; no pixel added). */
export function heicClaimingSize(heic: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(heic)
  const at = out.indexOf('ispe', 0, 'latin1')
  out.writeUInt32BE(width, at + 8)
  out.writeUInt32BE(height, at + 12)
  return out
}

/**
 * Adds an `irot` property (rotation counter-clockwise by 90° × `quarterTurns`) to the primary image, as iPhones do
 * for portrait photos: a box in `ipco`, its index in the item's `ipma` entry, the parent sizes and the `iloc`
 * offsets into `mdat` (which moves with the longer `meta`) adjusted.
 */
export function heicWithRotation(heic: Buffer, quarterTurns: 1 | 2 | 3): Buffer {
  const meta = boxes(heic, 0, heic.length).find((b) => b.type === 'meta')!
  const skip = 4 // meta is a full box: version + flags
  const primary = heic.readUInt16BE(child(heic, meta, 'pitm', skip).start + 12)
  const iprp = child(heic, meta, 'iprp', skip)
  const ipco = child(heic, iprp, 'ipco')
  const ipma = child(heic, iprp, 'ipma')
  const iloc = child(heic, meta, 'iloc', skip)
  if (iloc.start > ipco.start) throw new Error('unsupported box order')
  const propIndex = boxes(heic, ipco.start + 8, ipco.start + ipco.size).length + 1

  // ipma version 0 with 8-bit property indices: [item id u16][count u8][count × (essential bit | index)].
  if (heic[ipma.start + 8] !== 0 || (heic.readUInt32BE(ipma.start + 8) & 1) === 1) throw new Error('unsupported ipma layout')
  let at = ipma.start + 16
  let countAt = -1
  for (let n = heic.readUInt32BE(ipma.start + 12); n > 0; n--) {
    const count = heic[at + 2]!
    if (heic.readUInt16BE(at) === primary) countAt = at + 2
    at += 3 + count
  }
  if (countAt < 0) throw new Error('primary item has no ipma entry')
  const insertAt = countAt + 1 + heic[countAt]!
  const irot = Buffer.from([0, 0, 0, 9, ...Buffer.from('irot', 'latin1'), quarterTurns & 3])
  const association = Buffer.from([0x80 | propIndex]) // essential
  const grow = irot.length + association.length
  const ipcoEnd = ipco.start + ipco.size
  const out = Buffer.concat([
    heic.subarray(0, ipcoEnd), irot, heic.subarray(ipcoEnd, insertAt), association, heic.subarray(insertAt),
  ])
  // Positions before ipco's end are unchanged; ipma sits after ipco, so its fields moved by irot's length.
  const bump = (pos: number, by: number) => out.writeUInt32BE(out.readUInt32BE(pos) + by, pos)
  bump(meta.start, grow)
  bump(iprp.start, grow)
  bump(ipco.start, irot.length)
  bump(ipma.start + irot.length, association.length)
  out[countAt + irot.length] = heic[countAt]! + 1

  // iloc (before iprp, so not moved): the data of every item (in mdat, after meta) moved by `grow`.
  const version = out[iloc.start + 8]!
  let p = iloc.start + 12
  const sizes = out.readUInt16BE(p)
  const offSize = sizes >> 12
  const lenSize = (sizes >> 8) & 15
  const baseSize = (sizes >> 4) & 15
  const idxSize = version === 1 || version === 2 ? sizes & 15 : 0
  p += 2
  const read = (size: number) => (size === 4 ? out.readUInt32BE(p) : size === 8 ? Number(out.readBigUInt64BE(p)) : 0)
  const move = (size: number) => {
    if (size === 4) out.writeUInt32BE(out.readUInt32BE(p) + grow, p)
    else if (size === 8) out.writeBigUInt64BE(out.readBigUInt64BE(p) + BigInt(grow), p)
    else throw new Error('unsupported iloc offset size')
  }
  const itemCount = version < 2 ? out.readUInt16BE(p) : out.readUInt32BE(p)
  p += version < 2 ? 2 : 4
  for (let i = 0; i < itemCount; i++) {
    p += version < 2 ? 2 : 4 // item id
    const method = version === 1 || version === 2 ? out.readUInt16BE(p) & 15 : 0
    if (version === 1 || version === 2) p += 2
    p += 2 // data reference index
    // A position is base_offset + extent_offset: move the base when set (heif-enc does so), else each extent.
    const moveBase = method === 0 && read(baseSize) > 0
    if (moveBase) move(baseSize)
    p += baseSize
    const extents = out.readUInt16BE(p)
    p += 2
    for (let e = 0; e < extents; e++) {
      p += idxSize
      if (method === 0 && !moveBase) move(offSize)
      p += offSize + lenSize
    }
  }
  return out
}
