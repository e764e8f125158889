import { eq, sql } from 'drizzle-orm'
import { investments, investmentUnits, type DbHandle } from '@portal/db'
import {
  IMPORT_COLUMNS, importHeaderKey, INVESTMENT_MESSAGES as M, unitInputSchema, type ImportColumnKey, type ImportReport, type UnitValues,
} from '@portal/contracts/investments'
import { fieldError } from '../http/errors.ts'
import { inTransaction } from '../http/transaction.ts'
import { readRows, type Cell } from './import-file.ts'
import { logInvestmentChange } from './investments.ts'
import { knownUnits, type InvestmentRow } from './units.ts'
import { createUnits, updateUnits } from './units-bulk.ts'

/**
 * Importing units from a CSV or XLSX file: every row is checked first (a dry run stops there and reports); then all
 * rows are written in one transaction, or none when any row fails. A row whose building and unit number exist
 * updates that unit (a new price is recorded in its history); others are created. Buildings named in the file
 * join the investment's list.
 */
export const MAX_ROWS = 5000
type Row = { line: number; values: UnitValues }
type RowError = ImportReport['errors'][number]

const HEADER_OF = new Map(IMPORT_COLUMNS.map((c) => [c.key as string, c.header]))
const fold = (s: string) => importHeaderKey(s)

/** '450 000,50' / '450000.5' / '450 000 zł' → 450000.5; '' → null; anything else → NaN. */
export function parseNumber(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u202f]/g, '').replace(/zł$/i, '').replace(/m²$|m2$/i, '')
  if (!t) return null
  if (!/^-?\d+([.,]\d+)?$/.test(t)) return Number.NaN
  return Number(t.replace(',', '.'))
}
const toGrosze = (zl: number | null) => (zl === null || Number.isNaN(zl) ? zl : Math.round(zl * 100))

function floorOf(text: string): number | null {
  const k = fold(text)
  if (k === 'parter') return 0
  if (k === 'suterena' || k === 'piwnica') return -1
  return parseNumber(text)
}

const YES = new Set(['tak', 't', 'x', '1', 'true', 'yes'])
const STATUS: Record<string, UnitValues['status']> = {
  '': 'dostepne', dostepne: 'dostepne', dostepny: 'dostepne', wolne: 'dostepne',
  zarezerwowane: 'zarezerwowane', zarezerwowany: 'zarezerwowane', rezerwacja: 'zarezerwowane',
  sprzedane: 'sprzedane', sprzedany: 'sprzedane',
}

/** The schema's field → the column a person sees in their file. */
const FIELD_COLUMN: Record<string, ImportColumnKey> = {
  building: 'budynek', unit_number: 'numerlokalu', floor: 'pietro', area: 'powierzchnia', rooms: 'pokoje', price: 'cena',
  status: 'status', outdoor: 'balkon', extras: 'innekoszty',
}

function rowValues(get: (k: ImportColumnKey) => string): { input: Record<string, unknown>; errors: { col: ImportColumnKey; message: string }[] } {
  const errors: { col: ImportColumnKey; message: string }[] = []
  const status = STATUS[fold(get('status'))]
  if (!status) errors.push({ col: 'status', message: M.unitStatus })
  const extras: { kind: 'parking' | 'storage' | 'other'; label: string; price: unknown }[] = []
  const extra = (col: ImportColumnKey, kind: 'parking' | 'storage' | 'other', label: string) => {
    const v = parseNumber(get(col))
    if (v === null) return
    extras.push({ kind, label, price: toGrosze(v) })
  }
  extra('miejscepostojowe', 'parking', 'Miejsce postojowe')
  extra('komorkalokatorska', 'storage', 'Komórka lokatorska')
  extra('innekoszty', 'other', get('innekosztyopis') || 'Inne koszty')
  const nullIfNaN = (n: number | null) => (n === null || Number.isNaN(n) ? undefined : n)
  return {
    errors,
    input: {
      building: get('budynek'), unit_number: get('numerlokalu'),
      floor: nullIfNaN(floorOf(get('pietro'))), area: nullIfNaN(parseNumber(get('powierzchnia'))),
      rooms: nullIfNaN(parseNumber(get('pokoje'))), price: nullIfNaN(toGrosze(parseNumber(get('cena')))),
      status: status ?? 'dostepne',
      outdoor: (['balkon', 'ogrod', 'taras'] as const).filter((k) => YES.has(fold(get(k)))),
      extras,
    },
  }
}

/** Checks every row of the file; rows are numbered as a spreadsheet shows them (the header is row 1). */
export function checkRows(cells: Cell[][]): { rows: Row[]; errors: RowError[] } {
  const errors: RowError[] = []
  const [header, ...data] = cells
  if (!header || !data.some((r) => r.some(Boolean))) return { rows: [], errors: [{ row: 1, field: null, message: M.fileEmpty }] }
  if (data.length > MAX_ROWS) return { rows: [], errors: [{ row: 1, field: null, message: M.fileTooLarge }] }
  const index = new Map<string, number>()
  header.forEach((h, i) => { const k = fold(h); if (k && !index.has(k)) index.set(k, i) })
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !index.has(c.key)).map((c) => c.header)
  if (missing.length) return { rows: [], errors: [{ row: 1, field: null, message: M.missingColumns.replace('{columns}', missing.join(', ')) }] }
  const rows: Row[] = []
  const seen = new Map<string, number>()
  data.forEach((cellsOfRow, i) => {
    const line = i + 2
    if (!cellsOfRow.some(Boolean)) return
    const get = (k: ImportColumnKey) => (index.has(k) ? (cellsOfRow[index.get(k)!] ?? '').trim() : '')
    const { input, errors: own } = rowValues(get)
    for (const e of own) errors.push({ row: line, field: HEADER_OF.get(e.col)!, message: e.message })
    const parsed = unitInputSchema.safeParse(input)
    if (!parsed.success) {
      const byField = new Map<string, string>()
      for (const issue of parsed.error.issues) {
        const f = String(issue.path[0] ?? '')
        if (!byField.has(f)) byField.set(f, issue.message)
      }
      for (const [f, message] of byField) {
        errors.push({ row: line, field: HEADER_OF.get(FIELD_COLUMN[f] ?? '') ?? null, message })
      }
      return
    }
    const key = `${parsed.data.building}\u0000${parsed.data.unit_number}`
    const first = seen.get(key)
    if (first !== undefined) {
      errors.push({
        row: line, field: HEADER_OF.get('numerlokalu')!,
        message: M.duplicateRow.replace('{unit}', parsed.data.unit_number).replace('{building}', parsed.data.building || '–').replace('{row}', String(first)),
      })
      return
    }
    seen.set(key, line)
    if (!own.length) rows.push({ line, values: parsed.data })
  })
  return { rows, errors }
}

export async function importUnits(db: DbHandle, inv: InvestmentRow, file: Buffer, dryRun: boolean): Promise<ImportReport> {
  const { rows, errors } = checkRows(await readRows(file))
  // With buildings named (by the investment or the file), every unit must name its building.
  if (inv.buildings.length || rows.some((r) => r.values.building)) {
    for (const r of rows.filter((x) => !x.values.building)) errors.push({ row: r.line, field: HEADER_OF.get('budynek')!, message: M.building })
  }
  errors.sort((a, b) => a.row - b.row)
  const existing = new Map((await db.db.select({ id: investmentUnits.listingId, building: investmentUnits.building, number: investmentUnits.unitNumber })
    .from(investmentUnits).where(eq(investmentUnits.investmentId, inv.id))).map((u) => [`${u.building}\u0000${u.number}`, u.id]))
  const report = (ok: boolean, counts = { created: 0, updated: 0, unchanged: 0 }): ImportReport => ({
    dry_run: dryRun, ok, rows: rows.length + new Set(errors.map((e) => e.row)).size, ...counts, errors,
  })
  if (errors.length) return report(false)
  if (dryRun) {
    const updated = rows.filter((r) => existing.has(`${r.values.building}\u0000${r.values.unit_number}`)).length
    return report(true, { created: rows.length - updated, updated, unchanged: 0 })
  }
  const counts = { created: 0, updated: 0, unchanged: 0 }
  await inTransaction(db, async (tx) => {
    const buildings = [...new Set([...inv.buildings, ...rows.map((r) => r.values.building).filter(Boolean)])]
    let current = inv
    if (buildings.length !== inv.buildings.length) {
      current = (await tx.db.update(investments).set({ buildings, updatedAt: sql`now()` }).where(eq(investments.id, inv.id)).returning())[0]!
    }
    // Known units and new ones are each written together (units-bulk.ts, decisions 074 and 082): the rows saveUnit
    // would write, a few set-based statements instead of ~7 per changed and ~15 per new unit.
    const fresh: UnitValues[] = []
    const stored = await knownUnits(tx, inv.id)
    const known: Parameters<typeof updateUnits>[2] = []
    for (const r of rows) {
      const id = existing.get(`${r.values.building}\u0000${r.values.unit_number}`)
      if (id === undefined) fresh.push(r.values)
      else if (stored.has(id)) known.push({ unit: r.values, known: stored.get(id)! })
      else throw fieldError('unit_number', M.unitNotFound)
    }
    const { updated, unchanged } = await updateUnits(tx, current, known)
    counts.updated = updated
    counts.unchanged = unchanged
    counts.created = (await createUnits(tx, current, fresh)).length
    // The investment's page (kept in page caches under its units' ids, decision 082) lists the new units too.
    if (counts.created || current !== inv) await logInvestmentChange(tx.db, inv.id)
  })
  return report(true, counts)
}
