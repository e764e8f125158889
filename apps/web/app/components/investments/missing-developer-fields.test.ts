import { describe, expect, it } from 'vitest'
import { groupMissingFields } from './missing-developer-fields'

const SEAT = 'adresu siedziby/głównego miejsca wykonywania działalności gospodarczej dewelopera'
const SALES = 'adresu lokalu, w którym prowadzona jest sprzedaż'

describe('groupMissingFields', () => {
  it("puts an address's parts on one line after its name, keeping the file's order and the other fields as they are", () => {
    expect(groupMissingFields(['Forma prawna dewelopera', `Województwo ${SEAT}`, `Nr nieruchomości ${SEAT}`, `Kod pocztowy ${SEAT}`,
      `Miejscowość ${SALES}`, 'Sposób kontaktu nabywcy z deweloperem'])).toEqual([
      'Forma prawna dewelopera',
      'Adres siedziby dewelopera: województwo, nr nieruchomości, kod pocztowy',
      'Adres biura sprzedaży: miejscowość',
      'Sposób kontaktu nabywcy z deweloperem',
    ])
    expect(groupMissingFields([])).toEqual([])
  })
})
