import type { Readable } from 'node:stream'
import {
  DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, type S3ClientConfig,
} from '@aws-sdk/client-s3'

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf',
}
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** One file read back from a store the app serves itself. */
export interface StoredObject { body: NodeJS.ReadableStream; contentType: string; length?: number; etag?: string }

export interface S3Location { config: S3ClientConfig; bucket: string; prefix: string }

/**
 * STORAGE_URL → client settings. `s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=…` (https) or
 * `s3+http://…` (plain http, for a local S3-compatible server). Path-style addressing unless `?virtual_host=1`.
 */
export function parseStorageUrl(value: string): S3Location {
  const url = new URL(value)
  if (url.protocol !== 's3:' && url.protocol !== 's3+http:') throw new Error('STORAGE_URL must start with s3:// or s3+http://')
  const [bucket, ...rest] = url.pathname.replace(/^\/+/, '').split('/').filter(Boolean)
  if (!bucket) throw new Error('STORAGE_URL needs a bucket: s3://KEY:SECRET@host/bucket')
  return {
    bucket,
    prefix: rest.length ? `${rest.join('/')}/` : '',
    config: {
      endpoint: `${url.protocol === 's3+http:' ? 'http' : 'https'}://${url.host}`,
      region: url.searchParams.get('region') ?? 'us-east-1',
      forcePathStyle: url.searchParams.get('virtual_host') !== '1',
      credentials: url.username
        ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
        : undefined,
    },
  }
}

/**
 * The Storage interface on an S3-compatible bucket, so every instance behind a load balancer sees every photo and
 * avatar. Objects get immutable cache headers; the app serves them at the same /uploads/{key}/{name} URLs
 * (plugins/uploads.ts streams them from the bucket with the same headers as the local disk).
 */
export class S3Storage {
  private readonly client: S3Client
  constructor(private readonly loc: S3Location) {
    this.client = new S3Client(loc.config)
  }

  private objectKey(key: string, name?: string) {
    return `${this.loc.prefix}${key}/${name ?? ''}`
  }

  async put(key: string, files: Map<string, Buffer>): Promise<void> {
    // Each file is written whole; the database names the key only after this resolved, so a half-uploaded set is
    // never referenced. A failure removes what was written.
    try {
      await Promise.all([...files].map(([name, body]) => this.client.send(new PutObjectCommand({
        Bucket: this.loc.bucket, Key: this.objectKey(key, name), Body: body,
        ContentType: CONTENT_TYPES[name.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream',
        CacheControl: IMMUTABLE,
      }))))
    } catch (err) {
      await this.remove(key).catch(() => {})
      throw err
    }
  }

  async remove(key: string): Promise<void> {
    const prefix = this.objectKey(key)
    let token: string | undefined
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.loc.bucket, Prefix: prefix, ContinuationToken: token }))
      const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }))
      if (keys.length) await this.client.send(new DeleteObjectsCommand({ Bucket: this.loc.bucket, Delete: { Objects: keys, Quiet: true } }))
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  url(key: string, name: string): string {
    return `/uploads/${key}/${name}`
  }

  async get(pathInUploads: string): Promise<StoredObject | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.loc.bucket, Key: `${this.loc.prefix}${pathInUploads}` }))
      return {
        body: res.Body as Readable, contentType: res.ContentType ?? 'application/octet-stream',
        length: res.ContentLength, etag: res.ETag,
      }
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
      if (status === 404 || (err as Error).name === 'NoSuchKey') return null
      throw err
    }
  }
}
