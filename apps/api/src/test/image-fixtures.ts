import { crc32 } from 'node:zlib'
import sharp from 'sharp'

/** A tiny valid PNG whose header claims 20000×20000 pixels (a decompression bomb as far as a decoder knows). */
export async function bombPng(): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer())
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type + 13 data bytes.
  png.writeUInt32BE(20000, 16)
  png.writeUInt32BE(20000, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29)
  return png
}
