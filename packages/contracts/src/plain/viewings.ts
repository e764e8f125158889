/** Viewings (issue 28): Polish texts and pure helpers the web shows without zod. */
import { VIEWING_BOOK_LABEL } from './viewing-label'

export const VIEWING_MESSAGES = {
  book: VIEWING_BOOK_LABEL,
  noSlots: 'Brak wolnych terminów w najbliższych tygodniach. Napisz do ogłoszeniodawcy.',
  past: 'Ten termin już minął. Wybierz inny.',
  outside: 'Ogłoszeniodawca nie przyjmuje wizyt w tym terminie. Wybierz jeden z wolnych terminów.',
  overlapping: 'Ten termin jest już zajęty. Wybierz inny.',
  full: 'Na ten dzień otwarty nie ma już wolnych miejsc.',
  alreadyBooked: 'Masz już miejsce na ten dzień otwarty.',
  notEnabled: 'To ogłoszenie nie przyjmuje rezerwacji oglądania.',
  notFound: 'Nie znaleziono tej wizyty.',
  tooManyListing: 'Masz już oczekujące rezerwacje oglądania tego ogłoszenia. Poczekaj na odpowiedź albo odwołaj jedną z nich.',
  tooManyDay: 'Dziś zarezerwowano z tego adresu już zbyt wiele oglądań. Spróbuj jutro.',
  ownListing: 'Nie możesz umówić oglądania własnego ogłoszenia.',
  cannotChange: 'Tej wizyty nie można już zmienić: została odwołana albo już się odbyła.',
  notAwaitingYou: 'Ta wizyta nie czeka na Twoje potwierdzenie.',
  reasonRequired: 'Podaj powód.',
  verifyEmail: 'Sprawdź skrzynkę e-mail i potwierdź rezerwację linkiem, który wysłaliśmy. Do tego czasu termin jest wstępnie zarezerwowany.',
  pending: 'Prośba o oglądanie została wysłana. Ogłoszeniodawca potwierdzi termin.',
  confirmed: 'Oglądanie zostało potwierdzone.',
  cancelled: 'Wizyta została odwołana.',
  tokenInvalid: 'Link jest nieprawidłowy albo wygasł.',
  hoursInvalid: 'Godzina zakończenia musi być późniejsza niż rozpoczęcia.',
  timeInvalid: 'Podaj godzinę w formacie GG:MM.',
  dateInvalid: 'Podaj datę w formacie RRRR-MM-DD.',
  visitLength: 'Długość wizyty: od 15 do 240 minut.',
  openDayInvalid: 'Dzień otwarty musi się zaczynać w przyszłości i kończyć tego samego dnia.',
  capacity: 'Liczba miejsc: od 1 do 500.',
  // An investment's visits (decision 078): the developer, not an advertiser of a listing, answers them.
  noSlotsInvestment: 'Brak wolnych terminów w najbliższych tygodniach. Zapytaj dewelopera.',
  outsideInvestment: 'Deweloper nie przyjmuje wizyt w tym terminie. Wybierz jeden z wolnych terminów.',
  pendingInvestment: 'Prośba o oglądanie została wysłana. Deweloper potwierdzi termin.',
  ownInvestment: 'Nie możesz umówić oglądania własnej inwestycji.',
  rangesOverlap: (day: string, a: string, b: string) => `Godziny ${day} nakładają się (${a} i ${b}). Popraw je albo połącz w jeden przedział.`,
  tooManyRanges: (day: string) => `Podaj najwyżej ${MAX_RANGES_A_DAY} przedziały godzin ${day}.`,
  exceptionTwice: 'Ta data jest już na liście wyjątków.',
  exceptionPast: 'Ta data już minęła: wybierz dzisiejszą lub późniejszą.',
} as const

/** Time ranges one day (of the week, or a changed date) may have: 9–12 and 16–19, up to four. */
export const MAX_RANGES_A_DAY = 4

export const VIEWING_STATUS_LABELS = { pending: 'Oczekuje', confirmed: 'Potwierdzona', cancelled: 'Odwołana' } as const
export const WEEKDAYS = ['poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota', 'niedziela'] as const
/** 'w poniedziałek' … 'w niedzielę', as a message names the day. */
export const WEEKDAYS_ON = ['w poniedziałek', 'we wtorek', 'w środę', 'w czwartek', 'w piątek', 'w sobotę', 'w niedzielę'] as const
export const VIEWING_ZONE = 'Europe/Warsaw'

/** '1 grudnia 2026' / 'wtorek, 1 grudnia' / '10:30' in Warsaw time, whatever the viewer's zone. */
export const formatViewingDay = (iso: string, withYear = false) => new Intl.DateTimeFormat('pl-PL', {
  weekday: 'long', day: 'numeric', month: 'long', ...(withYear ? { year: 'numeric' } : {}), timeZone: VIEWING_ZONE,
}).format(new Date(iso))
export const formatViewingTime = (iso: string) => new Intl.DateTimeFormat('pl-PL', { hour: '2-digit', minute: '2-digit', timeZone: VIEWING_ZONE }).format(new Date(iso))
/** The Warsaw date (YYYY-MM-DD) of an instant. */
export const viewingDate = (iso: string) => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: VIEWING_ZONE }).format(new Date(iso))

/** Minutes Warsaw is ahead of UTC at an instant (60 in winter, 120 in summer). */
function warsawOffset(ms: number): number {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: VIEWING_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
    .formatToParts(new Date(ms)).map((x) => [x.type, x.value]))
  return (Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!) - Math.floor(ms / 60_000) * 60_000) / 60_000
}
/** The instant (ISO) of a Warsaw wall time ('2026-12-01', '10:30'), as an advertiser types an open day. */
export function warsawInstant(date: string, time: string): string {
  const wall = Date.parse(`${date}T${time}:00Z`)
  let ms = wall - warsawOffset(wall) * 60_000
  ms = wall - warsawOffset(ms) * 60_000
  return new Date(ms).toISOString()
}
