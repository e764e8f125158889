import writeXlsxFile from 'write-excel-file/node'
import { IMPORT_COLUMNS } from '@portal/contracts/investments'

/** The import template: the columns in order and two example rows, as CSV (UTF-8 with BOM, ';' as Excel in Poland) or XLSX. */
const EXAMPLES = [
  ['A', '1', 'parter', '54,20', '3', '612 000', 'dostępne', 'nie', 'tak', 'nie', '35 000', '', '', ''],
  ['A', '12', '3', '38,5', '2', '455 000', 'zarezerwowane', 'tak', 'nie', 'nie', '', '12 000', 'Opłata za zmiany lokatorskie', '5 000'],
]

const csvCell = (v: string) => (/[;"\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)

export function templateCsv(): Buffer {
  const lines = [IMPORT_COLUMNS.map((c) => c.header), ...EXAMPLES].map((r) => r.map(csvCell).join(';'))
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')])
}

export async function templateXlsx(): Promise<Buffer> {
  const header = IMPORT_COLUMNS.map((c) => ({ value: c.header, fontWeight: 'bold' as const }))
  const rows = EXAMPLES.map((r) => r.map((value) => ({ value, type: String })))
  return writeXlsxFile([header, ...rows], { columns: IMPORT_COLUMNS.map(() => ({ width: 18 })) }).toBuffer()
}
