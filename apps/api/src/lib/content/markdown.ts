import { Marked, type Tokens } from 'marked'
import sanitizeHtml from 'sanitize-html'

/**
 * CMS Markdown → HTML for the site (decision 026). Two layers, so neither alone has to be perfect:
 * 1. marked renders Markdown; raw HTML typed into the text is escaped (shown as text), never passed through.
 * 2. sanitize-html keeps only an allowlist of tags and attributes: links with http(s)/mailto or site-relative
 *    addresses, images only from our own photo storage (/uploads/…, uploaded through the photo pipeline).
 * The older block format (blank-line paragraphs, `## ` headings, `- ` lists, decision 015) is a subset of
 * Markdown, so stored texts render as before.
 */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) { return escape(token.text) },
  },
})

/** Our photos: `/uploads/{key}/{sm|md|lg}.webp`, the only image source allowed. */
const OWN_PHOTO = /^\/uploads\/[A-Za-z0-9/_-]{1,200}\/(sm|md|lg)\.webp$/

export interface MarkdownOptions {
  /** The page already has its h1 (and an FAQ answer sits under an h2 question): `#`/`##` become this level. */
  topHeading?: 2 | 3
}

function sanitizeOptions(top: 2 | 3): sanitizeHtml.IOptions {
  // `#` and `##` (the block format's heading) both become the top level; deeper ones follow it.
  const shift = (level: number) => `h${Math.min(6, Math.max(top, level - 2 + top))}`
  return {
    allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'a', 'blockquote',
      'code', 'pre', 'hr', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
    allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'title', 'loading', 'decoding'], ol: ['start'], th: ['align'], td: ['align'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'escape',
    transformTags: {
      h1: shift(1), h2: shift(2), h3: shift(3), h4: shift(4), h5: shift(5), h6: shift(6),
      // Links to other sites are not endorsed (nofollow) and get no window.opener.
      a: (tagName, attribs) => {
        const href = attribs.href ?? ''
        const external = /^https?:/i.test(href)
        return { tagName, attribs: { ...attribs, ...(external ? { rel: 'nofollow noopener noreferrer' } : {}) } }
      },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async', alt: attribs.alt ?? '' } }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_PHOTO.test(frame.attribs.src ?? ''),
  }
}
const OPTIONS = { 2: sanitizeOptions(2), 3: sanitizeOptions(3) }

/** Sanitised HTML of a Markdown text. */
export function renderMarkdown(markdown: string, opts: MarkdownOptions = {}): string {
  const html = marked.parse(markdown.replace(/\r\n?/g, '\n')) as string
  return sanitizeHtml(html, OPTIONS[opts.topHeading ?? 2]).trim()
}

/** The words of a Markdown text without markup (structured data, descriptions, mail text parts). */
export function markdownText(markdown: string): string {
  const html = marked.parse(markdown.replace(/\r\n?/g, '\n')) as string
  const text = sanitizeHtml(html.replace(/<\/(p|h\d|li|blockquote|pre|tr)>/g, '$&\n'), { allowedTags: [], allowedAttributes: {} })
  return text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ').replace(/\n\s*\n+/g, '\n\n').trim()
}
