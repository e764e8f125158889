import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseStorageUrl, S3Storage, type StoredObject } from './s3-storage.ts'

/**
 * Where uploaded files live. A stored object is a "key" (a folder such as `listings/12/aB3…`) holding a few named
 * files (`sm.webp`, `md.webp`, `lg.webp`, `swiadectwo.pdf`); public URLs are `/uploads/{key}/{name}`, served
 * with immutable cache headers (keys are random and never reused). The local-disk implementation writes under
 * `${DATA_DIR}/uploads`; an S3-compatible store can implement the same three calls (put = PutObject per file,
 * remove = DeleteObjects under the prefix, url = CDN base + key) without touching the routes.
 */
export interface Storage {
  /** Writes all files of `key` so that they appear together (or not at all, as far as the store allows). */
  put(key: string, files: Map<string, Buffer>): Promise<void>
  /** Removes every file under `key` (no error when it is already gone). */
  remove(key: string): Promise<void>
  /** Public URL path of one file. */
  url(key: string, name: string): string
  /** Reads one file by its path under /uploads (stores the app serves itself; the local disk goes through @fastify/static). */
  get?(pathInUploads: string): Promise<StoredObject | null>
}

const KEY_RE = /^[a-z0-9]+(?:\/[\w-]+)+$/i
const NAME_RE = /^[\w-]+\.[a-z0-9]+$/i

function checkKey(key: string) {
  if (!KEY_RE.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`)
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  async put(key: string, files: Map<string, Buffer>): Promise<void> {
    checkKey(key)
    const dir = path.join(this.root, key)
    const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`
    await mkdir(tmp, { recursive: true })
    try {
      for (const [name, buf] of files) {
        if (!NAME_RE.test(name)) throw new Error(`invalid file name: ${name}`)
        await writeFile(path.join(tmp, name), buf)
      }
      // The folder appears complete: a half-written photo is never served.
      await rename(tmp, dir)
    } catch (err) {
      await rm(tmp, { recursive: true, force: true })
      throw err
    }
  }

  async remove(key: string): Promise<void> {
    checkKey(key)
    await rm(path.join(this.root, key), { recursive: true, force: true })
  }

  url(key: string, name: string): string {
    return `/uploads/${key}/${name}`
  }
}

const stores = new WeakMap<object, Storage>()
/**
 * One storage per app: the S3-compatible bucket of STORAGE_URL, else the local disk under DATA_DIR/uploads (unless
 * a test set another).
 */
export function storageFor(app: { env: { DATA_DIR: string; STORAGE_URL?: string } }): Storage {
  let s = stores.get(app)
  if (!s) {
    s = app.env.STORAGE_URL ? new S3Storage(parseStorageUrl(app.env.STORAGE_URL)) : new LocalStorage(path.join(app.env.DATA_DIR, 'uploads'))
    stores.set(app, s)
  }
  return s
}
export function setStorage(app: object, storage: Storage): void {
  stores.set(app, storage)
}
