/** Messages (issue 10): the 'Napisz wiadomość' dialog, guest verification, the inbox /wiadomosci. */
export const MESSAGE_MESSAGES = {
  nameRequired: 'Podaj imię',
  emailRequired: 'Email jest wymagany',
  emailInvalid: 'Niepoprawny adres email',
  phoneInvalid: 'Niepoprawny numer telefonu',
  messageRequired: 'Wpisz treść wiadomości',
  messageTooLong: 'Wiadomość może mieć najwyżej 5000 znaków',
  dateRequired: 'Wybierz dzień oglądania',
  dateInvalid: 'Wybierz dzień od dziś do roku naprzód',
  timeRequired: 'Wybierz godzinę oglądania',
  timeInvalid: 'Podaj godzinę w formacie GG:MM',
  sent: 'Wiadomość została wysłana.',
  verifyEmail: 'Sprawdź skrzynkę email: kliknij link, a wtedy wyślemy wiadomość do ogłoszeniodawcy.',
  verified: 'Dziękujemy! Adres potwierdzony — wiadomość została wysłana.',
  tokenInvalid: 'Link jest nieprawidłowy albo został już użyty.',
  tokenExpired: 'Link wygasł. Napisz wiadomość jeszcze raz.',
  blocked: 'Ten ogłoszeniodawca nie przyjmuje od Ciebie wiadomości.',
  ownListing: 'Nie możesz napisać do samego siebie.',
  tooMany: 'Wysłano zbyt wiele wiadomości. Spróbuj ponownie później.',
  notFound: 'Nie znaleziono rozmowy.',
  reported: 'Dziękujemy, zgłoszenie trafiło do moderatorów.',
  reportReasonRequired: 'Wybierz powód zgłoszenia',
} as const

export const WANT_TO_SEE_MODES = ['asap', 'time'] as const
export const WANT_TO_SEE_LABELS = { asap: 'Jak najszybciej', time: 'O konkretnej porze' } as const
