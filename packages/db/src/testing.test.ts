import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDb, rowsOf } from './client.ts'
import { openTestDb, preparePgliteImage, tarMembers } from './testing.ts'

// The PGlite image every test database starts from is unpacked once per test file: it stays small (no template
// databases, no 16 MB of WAL zeros) and a database loaded from it still writes, checkpoints and dumps again.
describe.skipIf(process.env.TEST_DATABASE_URL)('the PGlite test image', () => {
  it('holds one database and a trimmed WAL', async () => {
    const tar = readFileSync(await preparePgliteImage())
    const list = [...tarMembers(tar)]
    const wal = list.filter((m) => /pg_wal\/[0-9A-F]{24}$/.test(m.name))
    expect(wal).toHaveLength(1)
    expect(wal[0]!.size).toBeLessThan(1024 * 1024)
    const databases = new Set(list.map((m) => /\/base\/(\d+)\//.exec(m.name)?.[1]).filter(Boolean))
    expect(databases.size).toBe(1)
    expect(tar.length).toBeLessThan(20 * 1024 * 1024)
  })

  it('starts with small shared buffers (PGlite zeroes them at every start: 128 MB was most of an open)', async () => {
    const h = await openTestDb()
    try {
      const rows = rowsOf<{ shared_buffers: string }>(await h.db.execute(sql`show shared_buffers`))
      expect(rows[0]!.shared_buffers).toBe('16MB')
    } finally {
      await h.close()
    }
  })

  it('loads, takes more WAL than the image kept, and survives a dump and reload', async () => {
    const h = await openTestDb()
    let image: Blob
    try {
      await h.exec('CREATE TABLE wal_probe (id int, body text)')
      // ~300 KB of rows: the WAL grows far past the 16 KB the image kept of its segment.
      await h.exec("INSERT INTO wal_probe SELECT g, repeat(md5(g::text), 30) FROM generate_series(1, 300) g")
      await h.exec('CHECKPOINT')
      const client = (h.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client
      image = await client.dumpDataDir('none')
    } finally {
      await h.close()
    }
    const again = await openDb({ loadDataDir: image })
    try {
      const rows = rowsOf<{ n: number }>(await again.db.execute(sql`select count(*)::int as n from wal_probe`))
      expect(rows[0]!.n).toBe(300)
      const listings = rowsOf<{ n: number }>(await again.db.execute(sql`select count(*)::int as n from listings`))
      expect(listings[0]!.n).toBe(0)
    } finally {
      await again.close()
    }
  })
})
