/**
 * An amount in Polish words for the invoice ('słownie'): 12345 grosze → 'sto dwadzieścia trzy złote 45/100'.
 * Whole złote in words with the right plural, grosze as a fraction (the usual form on Polish invoices).
 */
const ONES = ['', 'jeden', 'dwa', 'trzy', 'cztery', 'pięć', 'sześć', 'siedem', 'osiem', 'dziewięć']
const TEENS = ['dziesięć', 'jedenaście', 'dwanaście', 'trzynaście', 'czternaście', 'piętnaście', 'szesnaście', 'siedemnaście', 'osiemnaście', 'dziewiętnaście']
const TENS = ['', '', 'dwadzieścia', 'trzydzieści', 'czterdzieści', 'pięćdziesiąt', 'sześćdziesiąt', 'siedemdziesiąt', 'osiemdziesiąt', 'dziewięćdziesiąt']
const HUNDREDS = ['', 'sto', 'dwieście', 'trzysta', 'czterysta', 'pięćset', 'sześćset', 'siedemset', 'osiemset', 'dziewięćset']
const GROUPS: [string, string, string][] = [['', '', ''], ['tysiąc', 'tysiące', 'tysięcy'], ['milion', 'miliony', 'milionów'], ['miliard', 'miliardy', 'miliardów']]

/** Polish plural form index for a count: 1 → 0, 2-4 (not 12-14) → 1, else 2. */
export function pluralIndex(n: number): 0 | 1 | 2 {
  if (n === 1) return 0
  const t = n % 10
  const h = n % 100
  return t >= 2 && t <= 4 && (h < 12 || h > 14) ? 1 : 2
}

function below1000(n: number): string[] {
  const h = Math.floor(n / 100)
  const rest = n % 100
  const out = [HUNDREDS[h]!]
  if (rest >= 10 && rest < 20) out.push(TEENS[rest - 10]!)
  else out.push(TENS[Math.floor(rest / 10)]!, ONES[rest % 10]!)
  return out.filter(Boolean)
}

export function numberInWords(n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('a whole, non-negative number')
  if (n === 0) return 'zero'
  const words: string[] = []
  let group = 0
  let rest = n
  while (rest > 0) {
    const chunk = rest % 1000
    if (chunk > 0) {
      const part = group > 0 && chunk === 1 ? [] : below1000(chunk)
      if (group > 0) part.push(GROUPS[group]![pluralIndex(chunk)]!)
      words.unshift(...part)
    }
    rest = Math.floor(rest / 1000)
    group++
  }
  return words.join(' ')
}

export function amountInWords(grosze: number): string {
  const zl = Math.floor(grosze / 100)
  const gr = grosze % 100
  return `${numberInWords(zl)} ${['złoty', 'złote', 'złotych'][pluralIndex(zl)]} ${String(gr).padStart(2, '0')}/100`
}
