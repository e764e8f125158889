import os from 'node:os'
import path from 'node:path'
import { mkdtempSync, rmSync } from 'node:fs'
import S3rver from 's3rver'

/** A local S3-compatible server (s3rver) with one bucket, on a free port; STORAGE_URL for it; close() removes it. */
export async function startS3(bucket = 'portal'): Promise<{ url: string; storageUrl: string; close: () => Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    // s3rver accepts the access key S3RVER with the secret S3RVER.
    storageUrl: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}?region=us-east-1`,
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
