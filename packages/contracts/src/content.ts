import { z } from 'zod'
import { EMAIL_RE } from './auth.ts'
import { listingSummarySchema } from './listing.ts'

/**
 * Editorial content (issue 12): /o-nas, /faq, /blog, /kontakt. Bodies are plain text in a small block format
 * (blank-line paragraphs, `## ` headings, `- ` list items), parsed by `contentBlocks` on both sides.
 */

export type ContentBlock =
  | { type: 'h2'; text: string }
  | { type: 'p'; text: string }
  | { type: 'ul'; items: string[] }

/** Splits a body into headings, paragraphs and lists. */
export function contentBlocks(body: string): ContentBlock[] {
  const out: ContentBlock[] = []
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((l) => l.trim()).filter(Boolean)
    if (!lines.length) continue
    if (lines.length === 1 && lines[0]!.startsWith('## ')) {
      out.push({ type: 'h2', text: lines[0]!.slice(3).trim() })
    } else if (lines.every((l) => l.startsWith('- '))) {
      out.push({ type: 'ul', items: lines.map((l) => l.slice(2).trim()) })
    } else {
      out.push({ type: 'p', text: lines.join(' ') })
    }
  }
  return out
}

/** Plain words of a body (headings and list markers dropped), for reading time and descriptions. */
export function contentText(body: string): string {
  return contentBlocks(body).map((b) => (b.type === 'ul' ? b.items.join(' ') : b.text)).join(' ')
}

/** Minutes to read at 200 words a minute (a common figure for Polish prose), rounded up. */
export const WORDS_PER_MINUTE = 200
export function readingMinutes(body: string): number {
  const words = contentText(body).split(/\s+/).filter(Boolean).length
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))
}

export const contentPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  lead: z.string(),
  body: z.string(),
  /** The body (Markdown) as sanitised HTML (decision 026). */
  body_html: z.string(),
  updated_at: z.string(),
})
export type ContentPage = z.infer<typeof contentPageSchema>

export const faqEntrySchema = z.object({
  id: z.number().int(), question: z.string(), answer: z.string(),
  /** The answer (Markdown) as sanitised HTML, and as plain text for structured data (decision 026). */
  answer_html: z.string(), answer_text: z.string(),
})
export const faqGroupSchema = z.object({ slug: z.string(), title: z.string(), entries: z.array(faqEntrySchema) })
export const faqResponseSchema = z.object({ groups: z.array(faqGroupSchema) })
export type FaqEntry = z.infer<typeof faqEntrySchema>
export type FaqGroup = z.infer<typeof faqGroupSchema>
export type FaqResponse = z.infer<typeof faqResponseSchema>

export const blogCoverSchema = z.object({
  url: z.string(),
  srcset: z.string(),
  placeholder: z.string().nullable(),
  alt: z.string(),
})
export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  lead: z.string(),
  cover: blogCoverSchema.nullable(),
  published_at: z.string(),
  reading_minutes: z.number().int(),
})
export const blogListSchema = z.object({
  data: z.array(blogPostSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
})
export const blogPostSchema = blogPostSummarySchema.extend({
  body: z.string(),
  /** The body (Markdown) as sanitised HTML (decision 026). */
  body_html: z.string(),
  author: z.string(),
  updated_at: z.string(),
  /** What the related listings are about ("Kraków", "Mieszkanie"), null when the article names neither. */
  related_label: z.string().nullable(),
  /** Search address of all listings the related ones come from. */
  related_url: z.string().nullable(),
  related: z.array(listingSummarySchema),
})
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>
export type BlogList = z.infer<typeof blogListSchema>
export type BlogPost = z.infer<typeof blogPostSchema>

/** Blog posts per list page. */
export const BLOG_PAGE_SIZE = 6

/** The older system's contact topics (original-system §9), in its order. */
export const CONTACT_TOPICS = ['Pytanie odnośnie ogłoszenia', 'Pomoc graficzna', 'Problem techniczny', 'Inne'] as const
export type ContactTopic = (typeof CONTACT_TOPICS)[number]

export const CONTACT_MESSAGES = {
  topicRequired: 'Wybierz temat wiadomości',
  nameRequired: 'Imię i nazwisko jest wymagane',
  nameTooLong: 'Imię i nazwisko może mieć najwyżej 100 znaków',
  emailRequired: 'Email jest wymagany',
  emailInvalid: 'Niepoprawny adres email',
  messageRequired: 'Wpisz treść wiadomości',
  messageTooShort: 'Wiadomość musi mieć co najmniej 10 znaków',
  messageTooLong: 'Wiadomość może mieć najwyżej 5000 znaków',
  sent: 'Dziękujemy! Wiadomość została wysłana. Potwierdzenie wysłaliśmy na Twój adres email.',
  tooMany: 'Wysłano zbyt wiele wiadomości. Spróbuj ponownie za godzinę.',
} as const

const trimmed = (message: string) => z.string({ error: message }).trim().min(1, { error: message })

/** POST /api/contact/contact-form (the older system's path). `captcha` is checked by the server when it is on. */
export const contactFormSchema = z.object({
  topic: z.enum(CONTACT_TOPICS, { error: CONTACT_MESSAGES.topicRequired }),
  name: trimmed(CONTACT_MESSAGES.nameRequired).max(100, { error: CONTACT_MESSAGES.nameTooLong }),
  email: trimmed(CONTACT_MESSAGES.emailRequired).max(254, { error: CONTACT_MESSAGES.emailInvalid })
    .regex(EMAIL_RE, { error: CONTACT_MESSAGES.emailInvalid }).transform((v) => v.toLowerCase()),
  message: trimmed(CONTACT_MESSAGES.messageRequired).min(10, { error: CONTACT_MESSAGES.messageTooShort })
    .max(5000, { error: CONTACT_MESSAGES.messageTooLong }),
  captcha: z.string().max(4000).optional(),
})
export type ContactForm = z.input<typeof contactFormSchema>
