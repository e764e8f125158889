/** Favourite users ('Obserwowani'): texts and shapes of /api/favorite-users. */
export const FAVORITE_USER_MESSAGES = {
  tab: 'Obserwowani',
  follow: 'Obserwuj',
  following: 'Obserwujesz',
  unfollow: 'Przestań obserwować',
  followed: 'Dodano do obserwowanych',
  unfollowed: 'Usunięto z obserwowanych',
  self: 'Nie możesz obserwować samego siebie.',
  notFound: 'Nie znaleziono użytkownika.',
  empty: 'Nie obserwujesz jeszcze żadnych ogłoszeniodawców. Kliknij serce przy ogłoszeniodawcy, aby go obserwować.',
  idInvalid: 'Nieprawidłowy identyfikator użytkownika',
  typeInvalid: 'Typ musi być jednym z: user, agency, developer, hotel.',
} as const

export const USER_TYPE_LABELS = { user: 'Osoba prywatna', agency: 'Agencja', developer: 'Deweloper', hotel: 'Hotel / pensjonat' } as const
