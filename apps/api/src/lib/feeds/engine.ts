import { and, eq, gt, ne, sql } from 'drizzle-orm'
import { feedListings, feedRuns, feedSources, type DbHandle, type FeedRunReport } from '@portal/db'
import type { FastifyBaseLogger } from 'fastify'
import type { Storage } from '../media/storage.ts'
import { applyOffer, endOffer } from './apply.ts'
import { dropUpload, FEED_FILE_LIMITS, materialize, openFeed, type LocalFile, type OpenedFeed } from './feed-file.ts'
import { photoSource, PHOTO_FETCH_LIMITS } from './photos.ts'
import { readFeed, type FeedHeader } from './read-feed.ts'
import { FetchRefused } from './safe-fetch.ts'
import { FeedFileError } from './xml.ts'

/**
 * One import run (decision 025), called by the `feeds-import` job. The file is read twice, both times streamed: the
 * first pass checks the whole XML and counts the offers (a malformed file fails before anything is written), the
 * second applies it. Semantics: key (company, external id); a full snapshot ends the company's file-fed listings it
 * does not name; a change file touches only what it names; a file older than the last applied one, or the very same
 * file again, is skipped.
 */
export type RunRow = typeof feedRuns.$inferSelect
export interface EngineDeps { db: DbHandle; storage: Storage; log: FastifyBaseLogger; privateHosts: readonly string[] }

const MAX_REPORTED = 1000
/** A run still 'running' after this long was left by a crashed instance: it no longer blocks the company's next one. */
const STALE_MINUTES = 120

class Skip extends Error {}

const fmtDate = (d: Date) => new Intl.DateTimeFormat('pl-PL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Warsaw' }).format(d)

/** Runs the import; 'busy' when another run of the same company is in progress (the job tries again later). */
export async function runImport(deps: EngineDeps, runId: number): Promise<RunRow | 'busy'> {
  const { db } = deps
  const [run] = await db.db.select().from(feedRuns).where(eq(feedRuns.id, runId))
  if (!run || ['done', 'skipped', 'failed'].includes(run.status)) return run!
  const claimed = await db.db.update(feedRuns).set({ status: 'running', startedAt: sql`now()`, processed: 0 })
    .where(and(eq(feedRuns.id, runId), sql`NOT EXISTS (SELECT 1 FROM feed_runs o WHERE o.user_id = ${run.userId}
      AND o.id <> ${runId} AND o.status = 'running' AND o.started_at > now() - make_interval(mins => ${STALE_MINUTES}))`))
    .returning({ id: feedRuns.id })
  if (!claimed.length) return 'busy'
  const [source] = await db.db.select().from(feedSources).where(eq(feedSources.id, run.sourceId))
  const report: FeedRunReport = { rejected: [], warnings: [] }
  const counts = { total: 0, processed: 0, created: 0, updated: 0, ended: 0, rejected: 0, unchanged: 0 }
  let file: LocalFile | null = null
  let feed: OpenedFeed | null = null
  const finish = async (status: 'done' | 'skipped' | 'failed', error: string | null) => {
    const [row] = await db.db.update(feedRuns).set({ ...counts, status, error, report, finishedAt: sql`now()` })
      .where(eq(feedRuns.id, runId)).returning()
    return row!
  }
  try {
    file = await materialize(db, source!.kind === 'url'
      ? { url: source!.url!, limits: { ...FEED_FILE_LIMITS, privateHosts: deps.privateHosts } }
      : { runId })
    if (file.hash === source!.lastFileHash) throw new Skip('Ten sam plik został już zaimportowany; nic nie zmieniono')
    feed = await openFeed(file.path)

    // Pass 1: the whole file must be well-formed and carry its header before anything is written.
    let header: FeedHeader | null = null
    for await (const ev of readFeed(feed.xml())) {
      if (ev.type === 'header') header = ev.header
      else counts.total++
    }
    if (!header) throw new FeedFileError('Plik nie zawiera nagłówka z rodzajem pliku')
    report.format = header.format
    report.mode = header.mode
    if (header.date && source!.lastFileAt && header.date.getTime() < new Date(source!.lastFileAt).getTime()) {
      throw new Skip(`Plik z ${fmtDate(header.date)} jest starszy niż ostatnio zastosowany (${fmtDate(new Date(source!.lastFileAt))}); pominięto`)
    }
    await db.db.update(feedRuns).set({ total: counts.total, report }).where(eq(feedRuns.id, runId))

    // Pass 2: apply.
    const photos = photoSource({ ...PHOTO_FETCH_LIMITS, privateHosts: deps.privateHosts }, feed)
    const seen = new Set<string>()
    let lastWrite = Date.now()
    const reject = (externalId: string, reason: string) => {
      counts.rejected++
      if (report.rejected.length < MAX_REPORTED) report.rejected.push({ external_id: externalId, reason })
    }
    const warn = (externalId: string, list: string[]) => {
      for (const w of list) if (report.warnings.length < MAX_REPORTED) report.warnings.push(`${externalId}: ${w}`)
    }
    for await (const ev of readFeed(feed.xml())) {
      if (ev.type !== 'item') continue
      const item = ev.item
      counts.processed++
      if (!item.externalId) {
        reject('', item.kind === 'delete' ? 'Usunięcie bez identyfikatora oferty' : 'Brak identyfikatora oferty')
      } else if (seen.has(item.externalId)) {
        reject(item.externalId, 'Oferta o tym identyfikatorze wystąpiła w pliku więcej niż raz; użyto pierwszej')
      } else {
        seen.add(item.externalId)
        if (item.kind === 'reject') {
          reject(item.externalId, item.reason)
        } else if (item.kind === 'delete') {
          if ((await endOffer(db, run.userId, item.externalId)).result === 'ended') counts.ended++
        } else {
          try {
            const r = await applyOffer({ ...deps, userId: run.userId, origin: 'file', photos }, item.offer)
            counts[r.result]++
            warn(item.externalId, [...item.warnings, ...r.warnings])
          } catch (err) {
            deps.log.error({ err, runId, externalId: item.externalId }, 'feed offer could not be written')
            reject(item.externalId, 'Nie udało się zapisać oferty (błąd serwera); spróbuje ponownie przy następnym imporcie')
          }
        }
      }
      if (Date.now() - lastWrite > 700) {
        lastWrite = Date.now()
        await db.db.update(feedRuns).set(counts).where(eq(feedRuns.id, runId))
      }
    }

    // A full snapshot ends the company's file-fed listings it does not name (never deletes them).
    if (header.mode === 'full') {
      let after = ''
      for (;;) {
        const page = await db.db.select({ externalId: feedListings.externalId }).from(feedListings)
          .where(and(eq(feedListings.userId, run.userId), eq(feedListings.origin, 'file'), gt(feedListings.externalId, after), ne(feedListings.externalId, '')))
          .orderBy(feedListings.externalId).limit(500)
        if (!page.length) break
        after = page.at(-1)!.externalId
        for (const { externalId } of page) {
          if (!seen.has(externalId) && (await endOffer(db, run.userId, externalId)).result === 'ended') counts.ended++
        }
      }
    }
    await db.db.update(feedSources).set({ lastFileAt: header.date ?? new Date(), lastFileHash: file.hash }).where(eq(feedSources.id, source!.id))
    return await finish('done', null)
  } catch (err) {
    if (err instanceof Skip) return await finish('skipped', err.message)
    if (err instanceof FeedFileError || err instanceof FetchRefused) return await finish('failed', err.message)
    deps.log.error({ err, runId }, 'feed import failed')
    return await finish('failed', 'Import przerwał nieoczekiwany błąd serwera; spróbuj ponownie później')
  } finally {
    feed?.close()
    await file?.cleanup()
    if (source?.kind === 'upload') await dropUpload(db, runId)
  }
}
