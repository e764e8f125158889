import { describe, expect, it } from 'vitest'
import { markdownText, renderMarkdown } from './markdown.ts'

describe('CMS Markdown', () => {
  it('renders headings (shifted under the page h1), lists, emphasis and links', () => {
    const html = renderMarkdown('# Tytuł\n\n## Sekcja\n\nTekst **gruby** i *pochyły* z [linkiem](https://example.com) i [stroną](/faq).\n\n- jeden\n- dwa')
    expect(html).toContain('<h2>Tytuł</h2>')
    expect(html).toContain('<h2>Sekcja</h2>')
    expect(html).toContain('<strong>gruby</strong>')
    expect(html).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer">linkiem</a>')
    expect(html).toContain('<a href="/faq">stroną</a>')
    expect(html).toContain('<ul>\n<li>jeden</li>')
    expect(renderMarkdown('## Pytanie\n\n### Niżej', { topHeading: 3 })).toBe('<h3>Pytanie</h3>\n<h4>Niżej</h4>')
  })

  it('escapes raw HTML and drops script, event handlers and javascript: links', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\nA <img src=x onerror=alert(1)> b <b>c</b>\n\n[x](javascript:alert(1)) [y](data:text/html,hi)')
    expect(html).not.toMatch(/<(script|img|b)\b|href=/)
    expect(html).toContain('<a>x</a> <a>y</a>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&lt;b&gt;c&lt;/b&gt;')
  })

  it('keeps images only from our photo storage', () => {
    expect(renderMarkdown('![Salon](/uploads/blog/abc_D-1/lg.webp)')).toBe('<p><img src="/uploads/blog/abc_D-1/lg.webp" alt="Salon" loading="lazy" decoding="async" /></p>')
    expect(renderMarkdown('![x](https://evil.example/a.png)')).toBe('<p></p>')
    expect(renderMarkdown('![x](/uploads/../etc/passwd)')).toBe('<p></p>')
  })

  it('renders the older block format (decision 015) as before: paragraphs, headings, lists', () => {
    const html = renderMarkdown('Akapit pierwszy\nciąg dalszy.\n\n## Nagłówek\n\n- punkt a\n- punkt b')
    expect(html).toBe('<p>Akapit pierwszy\nciąg dalszy.</p>\n<h2>Nagłówek</h2>\n<ul>\n<li>punkt a</li>\n<li>punkt b</li>\n</ul>')
  })

  it('plain text without markup, entities decoded', () => {
    expect(markdownText('## Kredyt & wkład\n\nTo **ważne** <b>x</b>.')).toBe('Kredyt & wkład\n\nTo ważne <b>x</b>.')
  })
})
