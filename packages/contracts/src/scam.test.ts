import { describe, expect, it } from 'vitest'
import { bankAccountsIn, isValidPolishIban, scamReasons } from './scam.ts'

describe('scam guard', () => {
  it.each([
    ['Proszę o wpłatę zaliczki 500 zł, wtedy zarezerwuję dla Pana mieszkanie.', 'prepayment'],
    ['Zaliczkę trzeba wpłacić do jutra.', 'prepayment'],
    ['Bez zaliczek nie pokazuję lokalu.', 'prepayment'],
    ['Przedpłata za pierwszy miesiąc jest wymagana.', 'prepayment'],
    ['Oczekuję przedpłaty, potem wyślę klucze kurierem.', 'prepayment'],
    ['Rezerwacja tylko po przedpłacie.', 'prepayment'],
    ['Najpierw zadatek 1000 zł.', 'prepayment'],
    ['Kaucja 2000 zł płatna z góry na konto.', 'deposit'],
    ['Proszę przesłać kaucję, to wyślę umowę.', 'deposit'],
    ['Bez kaucji nie rozmawiam.', 'deposit'],
    ['Przelew przed obejrzeniem, jestem teraz za granicą.', 'transfer_before_viewing'],
    ['Proszę wpłacić 300 zł przed oglądaniem mieszkania.', 'transfer_before_viewing'],
    ['Trzeba zapłacić za rezerwację przed wizytą.', 'transfer_before_viewing'],
    ['Wyślij pieniądze przez Western Union.', 'money_transfer_service'],
    ['Płatność WesternUnion lub MoneyGram.', 'money_transfer_service'],
    ['Proszę podać kod BLIK, to potwierdzę rezerwację.', 'blik_code'],
    ['Wyślij mi kod blika na 500 zł.', 'blik_code'],
    ['BLIK — potrzebuję kodu, żeby zarezerwować.', 'blik_code'],
  ])('flags %s', (text, reason) => {
    expect(scamReasons(text)).toContain(reason)
  })

  it.each([
    'Dzień dobry, czy mieszkanie jest jeszcze dostępne? Chciałbym je obejrzeć w sobotę.',
    'Czy cena jest do negocjacji? Mam kredyt w banku.',
    'Przelew zrobię po podpisaniu umowy u notariusza.',
    'Zapłacę blikiem po obejrzeniu, nie ma problemu.',
    'Mój telefon: 600 700 800, numer mieszkania 12.',
    'Zaliczyłem już trzy oglądania w tym tygodniu.',
  ])('does not flag %s', (text) => {
    expect(scamReasons(text)).toEqual([])
  })

  it('bank account numbers: a valid Polish IBAN is flagged, an invalid checksum is not', () => {
    expect(isValidPolishIban('PL61 1090 1014 0000 0712 1981 2874')).toBe(true)
    expect(isValidPolishIban('61109010140000071219812874')).toBe(true)
    expect(isValidPolishIban('PL61 1090 1014 0000 0712 1981 2875')).toBe(false)
    expect(isValidPolishIban('PL61 1090 1014')).toBe(false)
    expect(scamReasons('Proszę o wpłatę na konto PL61 1090 1014 0000 0712 1981 2874 tytułem rezerwacji.')).toEqual(['bank_account'])
    expect(scamReasons('Numer: 61 1090 1014 0000 0712 1981 2874')).toEqual(['bank_account'])
    expect(scamReasons('Numer: 61 1090 1014 0000 0712 1981 2875')).toEqual([])
    expect(bankAccountsIn('a 61-1090-1014-0000-0712-1981-2874 b')).toHaveLength(1)
  })
})
