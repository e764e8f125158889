// The developer's fields the open-data file lacks, in the Ministry's template's wording (decision 058): sixteen of
// them are one address part + a long phrase, which read as a wall of text. Grouped per address for the panel.
const ADDRESSES: Array<[RegExp, string]> = [
  [/ adresu siedziby\/głównego miejsca wykonywania działalności gospodarczej dewelopera$/, 'Adres siedziby dewelopera'],
  [/ adresu lokalu, w którym prowadzona jest sprzedaż$/, 'Adres biura sprzedaży'],
]

/** ['Forma prawna dewelopera', 'Adres siedziby dewelopera: województwo, powiat, kod pocztowy', …] in the file's order. */
export function groupMissingFields(fields: readonly string[]): string[] {
  const out: string[] = []
  const parts = new Map<string, string[]>()
  for (const f of fields) {
    const hit = ADDRESSES.find(([re]) => re.test(f))
    if (!hit) { out.push(f); continue }
    const [re, label] = hit
    if (!parts.has(label)) { parts.set(label, []); out.push(label) }
    const part = f.replace(re, '')
    parts.get(label)!.push(part.toLowerCase())
  }
  return out.map((line) => (parts.has(line) ? `${line}: ${parts.get(line)!.join(', ')}` : line))
}
