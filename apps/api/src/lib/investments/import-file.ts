import { parse } from 'csv-parse/sync'
import { readSheet } from 'read-excel-file/node'

/**
 * An uploaded units file → rows of cell texts. CSV as Excel writes it in Poland: UTF-8 (with or without BOM),
 * 'CSV (rozdzielany przecinkami)' in windows-1250, 'Tekst Unicode' in UTF-16LE with BOM; ';' or ',' or tab
 * between cells. XLSX through read-excel-file (its first sheet).
 */
export type Cell = string
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]

export function decodeText(buf: Buffer): string {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return buf.subarray(3).toString('utf8')
  if (buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le').decode(buf.subarray(2))
  if (buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be').decode(buf.subarray(2))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf)
  } catch {
    // Not UTF-8: the Polish Windows code page Excel uses for 'CSV (rozdzielany przecinkami)'.
    return new TextDecoder('windows-1250').decode(buf)
  }
}

function delimiterOf(firstLine: string): string {
  const counts = [';', '\t', ','].map((d) => [d, firstLine.split(d).length - 1] as const)
  return counts.reduce((a, b) => (b[1] > a[1] ? b : a))[0]
}

export const isXlsx = (buf: Buffer) => ZIP_MAGIC.every((b, i) => buf[i] === b)

const cellText = (v: unknown): string => {
  if (v === null || v === undefined) return ''
  if (v instanceof Date) return v.toISOString().slice(0, 10)
  return String(v).trim()
}

export async function readRows(buf: Buffer): Promise<Cell[][]> {
  if (isXlsx(buf)) {
    const data = await readSheet(buf)
    return data.map((row) => row.map(cellText))
  }
  const text = decodeText(buf)
  const first = text.split(/\r?\n/, 1)[0] ?? ''
  const rows = parse(text, { delimiter: delimiterOf(first), relax_column_count: true, skip_empty_lines: true, bom: true, trim: true }) as string[][]
  return rows.map((r) => r.map(cellText))
}
