import { describe, expect, it } from 'vitest'
import type { BlogPost } from '@portal/contracts/content'
import { articleJsonLd, articleMeta, faqJsonLd, readingLabel } from './content-seo'

const post: BlogPost = {
  id: 1, slug: 'poradnik', title: 'Poradnik', lead: 'Krótki wstęp.', body: '## A\n\nJeden dwa trzy.', body_html: '<h2>A</h2>\n<p>Jeden dwa trzy.</p>',
  cover: { url: '/uploads/blog/x/md.webp', srcset: '', placeholder: null, alt: 'Okładka' },
  published_at: '2026-01-02T10:00:00.000Z', updated_at: '2026-01-03T10:00:00.000Z', reading_minutes: 1,
  author: 'Redakcja', related_label: null, related_url: null, related: [],
}

describe('content SEO', () => {
  it('builds FAQPage data from every entry (the answer as plain text from the API)', () => {
    const ld = faqJsonLd([{ slug: 'a', title: 'A', entries: [{ id: 1, question: 'Jak?', answer: '## X\n\n- tak', answer_html: '<h3>X</h3><ul><li>tak</li></ul>', answer_text: 'X tak' }] }])
    expect(ld.mainEntity).toEqual([{ '@type': 'Question', name: 'Jak?', acceptedAnswer: { '@type': 'Answer', text: 'X tak' } }])
  })
  it('builds Article data and Open Graph tags with the large cover', () => {
    const ld = articleJsonLd(post, 'https://dazu.pl')
    expect(ld).toMatchObject({ '@type': 'Article', headline: 'Poradnik', image: ['https://dazu.pl/uploads/blog/x/lg.webp'], wordCount: 4 })
    const meta = articleMeta(post, 'https://dazu.pl/')
    expect(meta).toContainEqual({ property: 'og:url', content: 'https://dazu.pl/blog/poradnik' })
    expect(meta).toContainEqual({ property: 'og:type', content: 'article' })
  })
  it('says the reading time with Polish plurals', () => {
    expect(readingLabel(1)).toBe('1 minuta czytania')
    expect(readingLabel(3)).toBe('3 minuty czytania')
    expect(readingLabel(5)).toBe('5 minut czytania')
    expect(readingLabel(22)).toBe('22 minuty czytania')
  })
})
