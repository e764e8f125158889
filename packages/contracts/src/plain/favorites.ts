/** Favourite listings (the heart): messages shown by the web, request and response shapes of /api/favorites. */
export const FAVORITE_MESSAGES = {
  added: 'Dodano do ulubionych',
  removed: 'Usunięto z ulubionych',
  failed: 'Nie udało się zmienić ulubionych. Spróbuj ponownie.',
  offerIdInvalid: 'Nieprawidłowy identyfikator ogłoszenia',
  add: 'Dodaj do ulubionych',
  remove: 'Usuń z ulubionych',
  empty: 'Nie masz jeszcze ulubionych ogłoszeń.',
} as const

export const FAVORITES_DEFAULT_PER_PAGE = 12
export const FAVORITES_MAX_PER_PAGE = 48
