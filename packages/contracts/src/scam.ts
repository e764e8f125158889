import { foldPolish } from './plain/search.ts'

/**
 * The scam guard of messages (issue 10): phrasings that ask for money before a viewing, and Polish bank account
 * numbers with a valid checksum. ONE list, matched on folded text (lower case, no diacritics, ł → l), so every
 * inflected form of a word is caught by its stem ('zaliczkę', 'zaliczki', 'zaliczek' → zaliczk/zaliczek).
 * Shared by the API (which stores the flags) and the web (which explains them).
 */
export const SCAM_REASONS = ['prepayment', 'deposit', 'transfer_before_viewing', 'money_transfer_service', 'blik_code', 'bank_account'] as const
export type ScamReason = (typeof SCAM_REASONS)[number]

const W = '[a-z]*'
/** Each reason with the patterns that raise it (on folded text). */
export const SCAM_PATTERNS: Record<Exclude<ScamReason, 'bank_account'>, RegExp[]> = {
  // zaliczka, zaliczki, zaliczkę, zaliczką, zaliczek, zaliczkowo; przedpłata, przedpłaty, przedpłacie, przedpłacić
  prepayment: [new RegExp(`\\bzaliczk${W}|\\bzaliczek\\b`), new RegExp(`\\bprzedpla[tc]${W}`), new RegExp(`\\bzadat(?:ek|k${W})`)],
  // kaucja, kaucji, kaucję, kaucją, kaucjach
  deposit: [new RegExp(`\\bkaucj${W}|\\bkaucyj${W}`)],
  // 'przelew przed obejrzeniem', 'wpłać przed oglądaniem', 'zapłacić przed wizytą', 'przelać pieniądze przed przyjazdem'
  transfer_before_viewing: [
    new RegExp(`\\b(?:przelew${W}|przelac${W}|przelej${W}|przelal${W}|wplat${W}|wplac${W}|zaplac${W}|zaplat${W}|oplac${W}|oplat${W}|pieniadz${W}|pieniedz${W})\\b[^.!?]{0,60}?\\bprzed\\s+(?:obejrz${W}|ogladan${W}|ogladn${W}|ogledzin${W}|wizyt${W}|spotkan${W}|przyjazd${W}|przekazan${W}\\s+kluczy)`),
  ],
  // Western Union, MoneyGram (and 'western unionem')
  money_transfer_service: [new RegExp(`\\bwestern\\s*union${W}`), new RegExp(`\\bmoney\\s*gram${W}`)],
  // 'podaj kod BLIK', 'wyślij kod blika', 'BLIK-iem poproszę kod'
  blik_code: [new RegExp(`\\bkod${W}\\s+(?:z\\s+)?blik${W}`), new RegExp(`\\bblik${W}\\b[^.!?]{0,40}?\\bkod${W}`)],
}

/** A Polish IBAN (PL + 26 digits, or the 26 digits alone) with a valid ISO 13616 mod-97 checksum. */
export function isValidPolishIban(raw: string): boolean {
  const s = raw.replace(/[\s-]/g, '').toUpperCase()
  const digits = s.startsWith('PL') ? s.slice(2) : s
  if (!/^\d{26}$/.test(digits)) return false
  // Rearranged: BBAN + 'PL' as 2521 + check digits; the remainder of the whole number by 97 must be 1.
  const rearranged = `${digits.slice(2)}2521${digits.slice(0, 2)}`
  let rem = 0
  for (const ch of rearranged) rem = (rem * 10 + Number(ch)) % 97
  return rem === 1
}

/** Candidate account numbers in a text: 'PL61 1090 1014 0000 0712 1981 2874', '61109010140000071219812874', … */
export function bankAccountsIn(text: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(/(?:\bPL[\s-]?|\b)\d{2}(?:[\s-]?\d{4}){6}\b/gi)) if (isValidPolishIban(m[0])) out.push(m[0])
  return out
}

/** The reasons a message looks like a scam (empty when it does not). */
export function scamReasons(text: string): ScamReason[] {
  const folded = foldPolish(text)
  const reasons: ScamReason[] = []
  for (const [reason, patterns] of Object.entries(SCAM_PATTERNS) as [ScamReason, RegExp[]][]) {
    if (patterns.some((p) => p.test(folded))) reasons.push(reason)
  }
  if (bankAccountsIn(text).length) reasons.push('bank_account')
  return reasons
}

export const SCAM_REASON_LABELS: Record<ScamReason, string> = {
  prepayment: 'prośba o zaliczkę lub przedpłatę',
  deposit: 'prośba o kaucję',
  transfer_before_viewing: 'prośba o przelew przed obejrzeniem',
  money_transfer_service: 'przekaz pieniężny (Western Union, MoneyGram)',
  blik_code: 'prośba o kod BLIK',
  bank_account: 'numer konta bankowego',
}

export const SCAM_WARNING = {
  title: 'Uwaga: ta wiadomość może być próbą oszustwa',
  advice: [
    'Nie wpłacaj zaliczki, kaucji ani żadnych pieniędzy przed obejrzeniem nieruchomości i podpisaniem umowy.',
    'Nie podawaj kodu BLIK i nie wysyłaj przekazów (Western Union, MoneyGram) — tych pieniędzy nie da się odzyskać.',
    'Umów się na oglądanie na miejscu i sprawdź, czy rozmówca ma prawo do nieruchomości (np. w księdze wieczystej).',
    'Jeśli coś budzi Twoje wątpliwości, zgłoś tę wiadomość.',
  ],
} as const
