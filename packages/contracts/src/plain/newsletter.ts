/** Newsletter (spec §4/§7/§8): the toasts and page texts exactly as the spec gives them, and the request shapes. */
export const NEWSLETTER_MESSAGES = {
  pending: 'Potwierdź zapis do newslettera klikając w link wysłany na podany adres email.',
  active: 'Gratulujemy. Twój newsletter jest aktywny',
  heading: 'Newsletter',
  lead: 'Nowe oferty i porady prosto na Twoją skrzynkę.',
  placeholder: 'Twój adres email',
  submit: 'Zapisz się',
  emailRequired: 'Email jest wymagany',
  emailInvalid: 'Niepoprawny adres email',
  confirming: 'Potwierdzamy zapis do newslettera…',
  tokenInvalid: 'Link potwierdzający jest nieprawidłowy albo został już użyty.',
  confirmTitle: 'Potwierdzenie newslettera',
  unsubscribedNewsletter: 'Wypisano Cię z newslettera. Nie będziemy już wysyłać na ten adres żadnych nowości.',
  unsubscribeInvalid: 'Ten link do wypisania się jest nieprawidłowy.',
  tooMany: 'Zbyt wiele prób zapisu. Spróbuj ponownie później.',
} as const
