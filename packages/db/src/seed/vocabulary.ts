/** Nouns and adjectives for Polish titles and descriptions, per category id (gender drives adjective endings). */
export type Gender = 'm' | 'f' | 'n'
export interface Noun { nom: string; gen: string; acc: string; g: Gender }

/** Accusative ('Sprzedam działkę budowlaną'): only feminine forms differ from the nominative here. */
const accusative = (nom: string, g: Gender) =>
  g !== 'f' ? nom : nom.split(' ').map((w, i) => (i === 0 ? w.replace(/a$/, 'ę') : w.replace(/a$/, 'ą'))).join(' ')
const n = (nom: string, gen: string, g: Gender): Noun => ({ nom, gen, acc: accusative(nom, g), g })

export const NOUNS: Record<number, Noun> = {
  1: n('mieszkanie', 'mieszkania', 'n'),
  9: n('dom', 'domu', 'm'), 15: n('dom wolnostojący', 'domu wolnostojącego', 'm'), 13: n('bliźniak', 'bliźniaka', 'm'),
  14: n('dom w zabudowie szeregowej', 'domu w zabudowie szeregowej', 'm'), 10: n('kamienica', 'kamienicy', 'f'),
  12: n('dom jednorodzinny', 'domu jednorodzinnego', 'm'), 11: n('dom letniskowy', 'domu letniskowego', 'm'), 16: n('dom', 'domu', 'm'),
  17: n('dom modułowy', 'domu modułowego', 'm'), 18: n('metalowy dom modułowy', 'metalowego domu modułowego', 'm'),
  19: n('drewniany dom modułowy', 'drewnianego domu modułowego', 'm'), 20: n('dom modułowy', 'domu modułowego', 'm'),
  21: n('lokal użytkowy', 'lokalu użytkowego', 'm'), 22: n('biuro', 'biura', 'n'), 27: n('lokal handlowy', 'lokalu handlowego', 'm'),
  23: n('budynek handlowo-usługowy', 'budynku handlowo-usługowego', 'm'), 24: n('budynek przemysłowy', 'budynku przemysłowego', 'm'),
  29: n('stoisko handlowe', 'stoiska handlowego', 'n'), 31: n('lokal usługowy', 'lokalu usługowego', 'm'),
  32: n('działka', 'działki', 'f'), 33: n('działka budowlana', 'działki budowlanej', 'f'), 34: n('działka rolna', 'działki rolnej', 'f'),
  35: n('działka rolno-budowlana', 'działki rolno-budowlanej', 'f'), 36: n('działka siedliskowa', 'działki siedliskowej', 'f'),
  37: n('działka rekreacyjna', 'działki rekreacyjnej', 'f'), 38: n('działka', 'działki', 'f'),
  39: n('pole kempingowe', 'pola kempingowego', 'n'), 40: n('domek letniskowy', 'domku letniskowego', 'm'),
  41: n('garaż', 'garażu', 'm'), 43: n('garaż murowany', 'garażu murowanego', 'm'), 44: n('garaż blaszany', 'garażu blaszanego', 'm'),
  42: n('garaż drewniany', 'garażu drewnianego', 'm'), 45: n('garaż wolnostojący', 'garażu wolnostojącego', 'm'),
  46: n('miejsce w hali garażowej', 'miejsca w hali garażowej', 'n'), 47: n('garaż', 'garażu', 'm'),
  52: n('miejsce parkingowe', 'miejsca parkingowego', 'n'),
  48: n('pokój', 'pokoju', 'm'), 50: n('pokój z łazienką', 'pokoju z łazienką', 'm'), 49: n('pokój', 'pokoju', 'm'), 51: n('pokój', 'pokoju', 'm'),
  53: n('hala magazynowa', 'hali magazynowej', 'f'), 54: n('pensjonat', 'pensjonatu', 'm'),
}

/** Adjectives as [masculine, feminine, neuter]. */
type Adj = [string, string, string]
export const ADJ_HOME: Adj[] = [
  ['przestronny', 'przestronna', 'przestronne'], ['słoneczny', 'słoneczna', 'słoneczne'], ['jasny', 'jasna', 'jasne'],
  ['nowoczesny', 'nowoczesna', 'nowoczesne'], ['przytulny', 'przytulna', 'przytulne'], ['zadbany', 'zadbana', 'zadbane'],
  ['komfortowy', 'komfortowa', 'komfortowe'], ['wyjątkowy', 'wyjątkowa', 'wyjątkowe'], ['funkcjonalny', 'funkcjonalna', 'funkcjonalne'],
  ['cichy', 'cicha', 'ciche'], ['stylowy', 'stylowa', 'stylowe'], ['klimatyczny', 'klimatyczna', 'klimatyczne'],
]
export const ADJ_PLAIN: Adj[] = [
  ['zadbany', 'zadbana', 'zadbane'], ['dobrze położony', 'dobrze położona', 'dobrze położone'],
  ['atrakcyjny', 'atrakcyjna', 'atrakcyjne'], ['duży', 'duża', 'duże'], ['wygodny', 'wygodna', 'wygodne'],
]
export const ADJ_LAND: Adj[] = [
  ['równy', 'równa', 'równe'], ['ogrodzony', 'ogrodzona', 'ogrodzone'], ['malowniczy', 'malownicza', 'malownicze'],
  ['słoneczny', 'słoneczna', 'słoneczne'], ['atrakcyjny', 'atrakcyjna', 'atrakcyjne'],
]

export const adj = (a: Adj, g: Gender) => a[g === 'm' ? 0 : g === 'f' ? 1 : 2]
export const located = (g: Gender) => (g === 'm' ? 'położony' : g === 'f' ? 'położona' : 'położone')

/** Title features ('z balkonem') keyed by the extra that justifies them. */
export const FEATURE_BY_EXTRA: Record<string, string> = {
  balkon: 'z balkonem', taras: 'z tarasem', ogrod: 'z ogrodem', garaz: 'z garażem', kominek: 'z kominkiem',
  'otwarta-kuchnia': 'z otwartą kuchnią', klimatyzacja: 'z klimatyzacją', piwnica: 'z piwnicą', winda: 'w budynku z windą',
  umeblowane: 'umeblowane', parking: 'z miejscem parkingowym', monitoring: 'z monitoringiem',
}

export const CONDITION_SENTENCE: Record<string, string> = {
  surowy: 'Nieruchomość jest w stanie surowym – można ją wykończyć według własnego pomysłu.',
  'do-remontu': 'Nieruchomość wymaga remontu, co pozwala dopasować wnętrze do własnych potrzeb; cena to uwzględnia.',
  'do-odswiezenia': 'Stan ogólny dobry, wystarczy odświeżenie ścian i drobne prace wykończeniowe.',
  wyremontowane: 'Całość przeszła niedawno gruntowny remont: nowa instalacja elektryczna, okna i podłogi.',
  'do-wprowadzenia': 'Stan do wprowadzenia – wystarczy przywieźć swoje rzeczy.',
}

export const OWNERSHIP_SENTENCE: Record<string, string> = {
  'pelna-wlasnosc': 'Forma własności: pełna własność z założoną księgą wieczystą.',
  'spoldzielcze-wlasnosciowe': 'Forma własności: spółdzielcze własnościowe prawo do lokalu z księgą wieczystą.',
  udzial: 'Sprzedaż udziału we współwłasności – szczegóły wyjaśnimy podczas rozmowy.',
  'uzytkowanie-wieczyste': 'Grunt w użytkowaniu wieczystym, opłata roczna jest niewielka.',
  leasehold: 'Nieruchomość oferowana w formie dzierżawy.',
}

export const NEIGHBOURHOOD = [
  'Okolica jest spokojna i zielona, a dojazd do centrum zajmuje około 15 minut.',
  'W sąsiedztwie znajdują się sklepy, punkty usługowe i przystanki komunikacji miejskiej.',
  'To jedna z najchętniej wybieranych części miasta – dobrze skomunikowana i z pełną infrastrukturą.',
  'Dookoła dużo zieleni, ścieżki rowerowe i place zabaw, a jednocześnie blisko do głównych ulic.',
  'Świetna lokalizacja zarówno dla rodzin z dziećmi, jak i dla osób pracujących w centrum.',
  'Osiedle jest kameralne, ogrodzone i dobrze utrzymane; sąsiedzi są przyjaźni i spokojni.',
]

export const PRIVATE_CLOSINGS = [
  'Zapraszam do kontaktu telefonicznego lub przez formularz na stronie. Oferta prywatna, bez prowizji.',
  'Chętnie odpowiem na pytania i umówię się na oglądanie, także w weekend.',
  'Kontakt telefoniczny najlepiej po godzinie 16. Biura nieruchomości proszę o niedzwonienie.',
]
export const AGENCY_CLOSINGS = [
  'Zapraszamy na prezentację. Pomagamy w uzyskaniu kredytu i przeprowadzimy Państwa przez całą transakcję.',
  'Oferta biura {company}. Więcej zdjęć i rzut lokalu udostępnimy na życzenie.',
  'Prezentacja możliwa również w formie wideo. Zapraszamy do kontaktu z agentem prowadzącym ofertę.',
]
export const DEVELOPER_CLOSINGS = [
  'Inwestycja realizowana przez {company}. Biuro sprzedaży czynne od poniedziałku do soboty.',
  'Zakup bez prowizji bezpośrednio od dewelopera. Możliwość wykończenia pod klucz.',
]
