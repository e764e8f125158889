import { z } from 'zod'

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

export const newsletterSubscribeSchema = z.object({
  email: z.string({ error: NEWSLETTER_MESSAGES.emailRequired }).trim().min(1, NEWSLETTER_MESSAGES.emailRequired)
    .max(254, NEWSLETTER_MESSAGES.emailInvalid).email(NEWSLETTER_MESSAGES.emailInvalid).transform((v) => v.toLowerCase()),
  captcha: z.string().max(4000).optional(),
})

export const newsletterConfirmSchema = z.object({
  token: z.string({ error: NEWSLETTER_MESSAGES.tokenInvalid }).trim().min(1, NEWSLETTER_MESSAGES.tokenInvalid).max(200, NEWSLETTER_MESSAGES.tokenInvalid),
})

export const newsletterStatusSchema = z.object({ status: z.enum(['active', 'pending']), message: z.string() })

/** POST /api/unsubscribe {token}: a saved search's (ss_…) or the newsletter's (nl_…) one-click link. */
export const unsubscribeSchema = z.object({ token: z.string().trim().min(1).max(200) })
export const unsubscribeResultSchema = z.object({ kind: z.enum(['saved-search', 'newsletter']), message: z.string() })
