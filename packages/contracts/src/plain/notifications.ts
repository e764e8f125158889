/** The bell (spec §2/§4/§7): texts shown by the web and the shapes of /api/user/notifications. */
export const NOTIFICATION_MESSAGES = {
  empty: 'Brak nowych powiadomień',
  markAll: 'Oznacz jako przeczytane',
  title: 'Powiadomienia',
  idInvalid: 'Nieprawidłowy identyfikator powiadomienia',
  notFound: 'Nie znaleziono powiadomienia.',
} as const
