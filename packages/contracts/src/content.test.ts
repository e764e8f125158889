import { describe, expect, it } from 'vitest'
import { contactFormSchema, contentBlocks, contentText, readingMinutes } from './content.ts'

describe('content bodies', () => {
  it('splits headings, paragraphs and lists', () => {
    expect(contentBlocks('## Tytuł\n\nPierwszy\nakapit.\n\n- jeden\n- dwa\n\nKoniec.')).toEqual([
      { type: 'h2', text: 'Tytuł' },
      { type: 'p', text: 'Pierwszy akapit.' },
      { type: 'ul', items: ['jeden', 'dwa'] },
      { type: 'p', text: 'Koniec.' },
    ])
  })
  it('keeps markup as text (nothing is HTML)', () => {
    expect(contentBlocks('<script>alert(1)</script>')).toEqual([{ type: 'p', text: '<script>alert(1)</script>' }])
  })
  it('counts reading time at 200 words a minute, at least one', () => {
    expect(readingMinutes('słowo')).toBe(1)
    expect(readingMinutes(Array.from({ length: 1000 }, () => 'słowo').join(' '))).toBe(5)
    expect(contentText('## A\n\n- b\n- c')).toBe('A b c')
  })
})

describe('contact form schema', () => {
  it('accepts the older system topics only and lower-cases the email', () => {
    const ok = contactFormSchema.parse({ topic: 'Pomoc graficzna', name: ' Jan ', email: 'Jan@X.PL', message: 'Dzień dobry, mam pytanie.' })
    expect(ok).toMatchObject({ name: 'Jan', email: 'jan@x.pl' })
    expect(contactFormSchema.safeParse({ topic: 'Reklama', name: 'Jan', email: 'jan@x.pl', message: 'Dzień dobry, mam pytanie.' }).success).toBe(false)
  })
})
