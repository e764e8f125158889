import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, open, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { and, asc, eq, gt } from 'drizzle-orm'
import yauzl from 'yauzl'
import { feedFileChunks, type DbHandle } from '@portal/db'
import { FeedFileError } from './xml.ts'
import { safeGet, type FetchLimits } from './safe-fetch.ts'

/**
 * The file of a run. An upload is kept in the database in 1 MB pieces (any instance may run the job); the job copies
 * it, or downloads a URL source's file, to a temporary file of its own for the length of the run. A ZIP holds the
 * XML and the photos it names; a plain file is the XML.
 */
export const CHUNK_BYTES = 1024 * 1024
export const FEED_FILE_LIMITS = { maxBytes: 300 * 1024 * 1024, timeoutMs: 10 * 60_000, maxRedirects: 3 }

export class FileTooLarge extends Error {}

/** Stores an upload stream as chunks of `runId`; returns its size. Throws FileTooLarge past `maxBytes`. */
export async function storeUpload(db: DbHandle, runId: number, input: Readable, maxBytes = FEED_FILE_LIMITS.maxBytes): Promise<number> {
  let pending: Buffer[] = []
  let pendingBytes = 0
  let seq = 0
  let total = 0
  const flush = async () => {
    if (!pendingBytes) return
    await db.db.insert(feedFileChunks).values({ runId, seq: seq++, data: Buffer.concat(pending) })
    pending = []
    pendingBytes = 0
  }
  for await (const chunk of input as AsyncIterable<Buffer>) {
    total += chunk.length
    if (total > maxBytes) throw new FileTooLarge()
    pending.push(chunk)
    pendingBytes += chunk.length
    if (pendingBytes >= CHUNK_BYTES) await flush()
  }
  await flush()
  return total
}

export async function dropUpload(db: DbHandle, runId: number): Promise<void> {
  await db.db.delete(feedFileChunks).where(eq(feedFileChunks.runId, runId))
}

async function* uploadChunks(db: DbHandle, runId: number): AsyncGenerator<Buffer> {
  let seq = -1
  for (;;) {
    const [row] = await db.db.select().from(feedFileChunks)
      .where(and(eq(feedFileChunks.runId, runId), gt(feedFileChunks.seq, seq))).orderBy(asc(feedFileChunks.seq)).limit(1)
    if (!row) return
    seq = row.seq
    yield row.data
  }
}

export interface LocalFile { path: string; hash: string; bytes: number; cleanup: () => Promise<void> }

/** The run's file on local disk with its SHA-256: from the upload's chunks, or downloaded from `url`. */
export async function materialize(db: DbHandle, from: { runId: number } | { url: string; limits: FetchLimits }): Promise<LocalFile> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-feed-'))
  const file = path.join(dir, 'feed')
  const cleanup = () => rm(dir, { recursive: true, force: true })
  try {
    if ('runId' in from) {
      await pipeline(uploadChunks(db, from.runId), createWriteStream(file))
    } else {
      await safeGet(from.url, from.limits, { body: createWriteStream(file) })
    }
    const hash = createHash('sha256')
    let bytes = 0
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) { hash.update(chunk); bytes += chunk.length }
    return { path: file, hash: hash.digest('hex'), bytes, cleanup }
  } catch (err) {
    await cleanup()
    throw err
  }
}

export interface OpenedFeed {
  /** The XML, streamed (a new stream on every call: the import reads it twice). */
  xml: () => AsyncIterable<Buffer>
  /** A photo packed in the ZIP, by the name the XML uses (full path or file name); null when absent or not a ZIP. */
  entry: (name: string) => { key: string; read: () => Promise<Buffer> } | null
  close: () => void
}

const PHOTO_MAX_BYTES = 15 * 1024 * 1024

export async function openFeed(file: string): Promise<OpenedFeed> {
  const fh = await open(file, 'r')
  const magic = Buffer.alloc(4)
  await fh.read(magic, 0, 4, 0)
  await fh.close()
  if (magic.toString('latin1') !== 'PK\x03\x04') {
    return { xml: () => createReadStream(file, { highWaterMark: 256 * 1024 }), entry: () => null, close: () => {} }
  }
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, z) => (err ? reject(new FeedFileError('Archiwum ZIP jest uszkodzone')) : resolve(z!))))
  const entries = new Map<string, yauzl.Entry>()
  let xmlEntry: yauzl.Entry | undefined
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      if (!e.fileName.endsWith('/')) {
        if (!xmlEntry && /\.xml$/i.test(e.fileName) && !e.fileName.startsWith('__MACOSX/')) xmlEntry = e
        entries.set(e.fileName, e)
        const base = e.fileName.split('/').at(-1)!
        if (!entries.has(base)) entries.set(base, e)
      }
      zip.readEntry()
    })
    zip.on('end', resolve)
    zip.on('error', () => reject(new FeedFileError('Archiwum ZIP jest uszkodzone')))
    zip.readEntry()
  })
  if (!xmlEntry) { zip.close(); throw new FeedFileError('Archiwum ZIP nie zawiera pliku XML') }
  const stream = (e: yauzl.Entry) => new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(e, (err, s) => (err ? reject(new FeedFileError(`Nie można odczytać ${e.fileName} z archiwum`)) : resolve(s!))))
  const xml = xmlEntry
  return {
    xml: () => (async function* () { yield* (await stream(xml)) as AsyncIterable<Buffer> })(),
    entry: (name) => {
      const e = entries.get(name.replace(/^\.?\//, '')) ?? entries.get(name.split('/').at(-1)!)
      if (!e) return null
      return {
        // The name the XML uses plus the entry's CRC and size: the same photo in next week's ZIP is not read again.
        key: `zip:${name}:${e.crc32}:${e.uncompressedSize}`,
        read: async () => {
          if (e.uncompressedSize > PHOTO_MAX_BYTES) throw new FeedFileError(`Zdjęcie ${e.fileName} jest za duże (ponad 15 MB)`)
          const parts: Buffer[] = []
          for await (const c of (await stream(e)) as AsyncIterable<Buffer>) parts.push(c)
          return Buffer.concat(parts)
        },
      }
    },
    close: () => zip.close(),
  }
}
