/** The valuation form's limits, options and Polish messages (issue 26, decision 066), zod-free for the page. */
export const VALUATION_LIMITS = { minArea: 10, maxArea: 500, minRooms: 1, maxRooms: 10, minFloor: -1, maxFloor: 60, minYear: 1800 } as const
/** The newest year of building accepted: flats still being built count. */
export const maxValuationYear = (now = new Date()) => now.getFullYear() + 5

export const VALUATION_CONDITIONS = [
  ['do-remontu', 'Do remontu'], ['do-odswiezenia', 'Do odświeżenia'], ['wyremontowane', 'Wyremontowane'],
  ['do-wprowadzenia', 'Do wprowadzenia'], ['surowy', 'Stan surowy'],
] as const
export const VALUATION_MARKETS = [['wtorny', 'Wtórny'], ['pierwotny', 'Pierwotny']] as const

export const VALUATION_MESSAGES = {
  offerType: 'Wybierz sprzedaż albo wynajem.',
  city: 'Wybierz miasto z listy.',
  district: 'Wybierz dzielnicę z listy.',
  area: `Podaj powierzchnię od ${VALUATION_LIMITS.minArea} do ${VALUATION_LIMITS.maxArea} m².`,
  rooms: `Podaj liczbę pokoi od ${VALUATION_LIMITS.minRooms} do ${VALUATION_LIMITS.maxRooms}.`,
  floor: `Podaj piętro od ${VALUATION_LIMITS.minFloor} (suterena) do ${VALUATION_LIMITS.maxFloor}; parter to 0.`,
  year: (max = maxValuationYear()) => `Podaj rok budowy od ${VALUATION_LIMITS.minYear} do ${max}.`,
  condition: 'Wybierz stan z listy.',
  market: 'Wybierz rynek: pierwotny albo wtórny.',
} as const

