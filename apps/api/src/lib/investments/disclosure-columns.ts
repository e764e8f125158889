/**
 * The columns of the daily open-data file of developers' prices (art. 19b of the act on the protection of buyers,
 * as amended by Dz.U. 2025 poz. 758), in the order and wording of the Ministry of Development's template for
 * dane.gov.pl (schema 1.13; decision 058 maps each to its source and says which cannot be filled and why).
 */
const SEAT = 'adresu siedziby/głównego miejsca wykonywania działalności gospodarczej dewelopera'
const SALES = 'adresu lokalu, w którym prowadzona jest sprzedaż'
const SITE = 'lokalizacji przedsięwzięcia deweloperskiego lub zadania inwestycyjnego'
const ROOMS = 'pomieszczeń przynależnych, o których mowa w art. 2 ust. 4 ustawy z dnia 24 czerwca 1994 r. o własności lokali'
const RIGHTS = 'praw niezbędnych do korzystania z lokalu mieszkalnego lub domu jednorodzinnego'
const OTHER = 'innych świadczeń pieniężnych, które nabywca zobowiązany jest spełnić na rzecz dewelopera w wykonaniu umowy przenoszącej własność'
const FINAL = 'lokalu mieszkalnego lub domu jednorodzinnego uwzględniająca cenę lokalu stanowiącą iloczyn powierzchni oraz metrażu i innych składowych ceny, o których mowa w art. 19a ust. 1 pkt 1), 2) lub 3)'

export const DISCLOSURE_COLUMNS = [
  'Nazwa dewelopera', 'Forma prawna dewelopera', 'Nr KRS', 'Nr wpisu do CEiDG', 'Nr NIP', 'Nr REGON', 'Nr telefonu',
  'Adres poczty elektronicznej', 'Nr faxu', 'Adres strony internetowej dewelopera',
  ...['Województwo', 'Powiat', 'Gmina', 'Miejscowość', 'Ulica', 'Nr nieruchomości', 'Nr lokalu', 'Kod pocztowy'].map((p) => `${p} ${SEAT}`),
  ...['Województwo', 'Powiat', 'Gmina', 'Miejscowość', 'Ulica', 'Nr nieruchomości', 'Nr lokalu', 'Kod pocztowy'].map((p) => `${p} ${SALES}`),
  'Dodatkowe lokalizacje, w których prowadzona jest sprzedaż', 'Sposób kontaktu nabywcy z deweloperem',
  ...['Województwo', 'Powiat', 'Gmina', 'Miejscowość', 'Ulica', 'Nr nieruchomości', 'Kod pocztowy'].map((p) => `${p} ${SITE}`),
  'Rodzaj nieruchomości: lokal mieszkalny, dom jednorodzinny',
  'Nr lokalu lub domu jednorodzinnego nadany przez dewelopera',
  'Cena m 2 powierzchni użytkowej lokalu mieszkalnego / domu jednorodzinnego [zł]',
  'Data od której cena obowiązuje cena m 2 powierzchni użytkowej lokalu mieszkalnego / domu jednorodzinnego',
  'Cena lokalu mieszkalnego lub domu jednorodzinnego będących przedmiotem umowy stanowiąca iloczyn ceny m2 oraz powierzchni [zł]',
  'Data od której obowiązuje cena lokalu mieszkalnego lub domu jednorodzinnego będących przedmiotem umowy stanowiąca iloczyn ceny m2 oraz powierzchni',
  `Cena ${FINAL} [zł]`,
  `Data od której obowiązuje cena ${FINAL}`,
  'Rodzaj części nieruchomości będących przedmiotem umowy',
  'Oznaczenie części nieruchomości nadane przez dewelopera',
  'Cena części nieruchomości, będących przedmiotem umowy [zł]',
  'Data od której obowiązuje cena części nieruchomości, będących przedmiotem umowy',
  `Rodzaj ${ROOMS}`, `Oznaczenie ${ROOMS}`, `Wyszczególnienie cen ${ROOMS} [zł]`,
  `Data od której obowiązuje cena wyszczególnionych ${ROOMS}`,
  `Wyszczególnienie ${RIGHTS}`, `Wartość ${RIGHTS} [zł]`, `Data od której obowiązuje cena wartości ${RIGHTS}`,
  `Wyszczególnienie rodzajów ${OTHER}`, `Wartość ${OTHER} [zł]`, `Data od której obowiązuje cena wartości ${OTHER}`,
] as const

/** What the template puts in a cell that does not apply (no parking sold with the unit, no KRS for a sole trader). */
export const NOT_APPLICABLE = 'X'
