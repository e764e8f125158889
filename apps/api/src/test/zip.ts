import { once } from 'node:events'
import { crc32, createDeflateRaw } from 'node:zlib'

/** A minimal ZIP writer (stored entries, no compression) for feed tests, the e2e feed upload and the feeds bench. */
export function zip(files: Array<[name: string, data: Buffer | string]>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, raw] of files) {
    const data = Buffer.isBuffer(raw) ? raw : Buffer.from(raw)
    const fileName = Buffer.from(name, 'utf8')
    const crc = crc32(data) >>> 0
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(0x0800, 6); local.writeUInt16LE(0, 8)
    local.writeUInt32LE(0, 10); local.writeUInt32LE(crc, 14); local.writeUInt32LE(data.length, 18); local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(fileName.length, 26); local.writeUInt16LE(0, 28)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(0, 10); central.writeUInt32LE(0, 12); central.writeUInt32LE(crc, 16); central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24); central.writeUInt16LE(fileName.length, 28); central.writeUInt32LE(offset, 42)
    locals.push(local, fileName, data)
    centrals.push(central, fileName)
    offset += 30 + fileName.length + data.length
  }
  const cd = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(files.length, 8); end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(cd.length, 12); end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, end])
}

/**
 * A ZIP of one deflated entry whose content is streamed from `parts` (never held whole): a small archive can hold a
 * huge file, as in issue 29's 1 MB ZIP with 1 GB of whitespace in its XML.
 */
export async function zipDeflated(name: string, parts: Iterable<Buffer>): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (c: Buffer) => out.push(c))
  let crc = 0
  let size = 0
  for (const part of parts) {
    crc = crc32(part, crc)
    size += part.length
    if (!deflate.write(part)) await once(deflate, 'drain')
  }
  deflate.end()
  await once(deflate, 'end')
  const data = Buffer.concat(out)
  const fileName = Buffer.from(name, 'utf8')
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(0x0800, 6); local.writeUInt16LE(8, 8)
  local.writeUInt32LE(0, 10); local.writeUInt32LE(crc >>> 0, 14); local.writeUInt32LE(data.length, 18); local.writeUInt32LE(size, 22)
  local.writeUInt16LE(fileName.length, 26); local.writeUInt16LE(0, 28)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(0x0800, 8)
  central.writeUInt16LE(8, 10); central.writeUInt32LE(0, 12); central.writeUInt32LE(crc >>> 0, 16); central.writeUInt32LE(data.length, 20)
  central.writeUInt32LE(size, 24); central.writeUInt16LE(fileName.length, 28); central.writeUInt32LE(0, 42)
  const end = Buffer.alloc(22)
  const cdLength = central.length + fileName.length
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(1, 8); end.writeUInt16LE(1, 10)
  end.writeUInt32LE(cdLength, 12); end.writeUInt32LE(30 + fileName.length + data.length, 16)
  return Buffer.concat([local, fileName, data, central, fileName, end])
}
