// Structured data and meta tags of the content pages (FAQ, blog). Pure, so unit tests need no DOM.
import { contentText, type BlogPost, type FaqGroup } from '@portal/contracts/content'
import { absoluteUrl, metaDescription } from './offer-text'
import { plural } from '@portal/contracts/format'
import { SITE_NAME } from './site'

/** schema.org FAQPage of every published entry (answers as plain text). */
export function faqJsonLd(groups: FaqGroup[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: groups.flatMap((g) => g.entries).map((e) => ({
      '@type': 'Question',
      name: e.question,
      acceptedAnswer: { '@type': 'Answer', text: e.answer_text },
    })),
  }
}

/** schema.org Article of a blog post. */
export function articleJsonLd(post: BlogPost, origin: string) {
  const url = absoluteUrl(origin, `/blog/${post.slug}`)
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.lead,
    ...(post.cover ? { image: [absoluteUrl(origin, post.cover.url.replace(/\/(sm|md)\.webp$/, '/lg.webp'))] } : {}),
    datePublished: post.published_at,
    dateModified: post.updated_at,
    author: { '@type': 'Organization', name: `${post.author} ${SITE_NAME}`.trim() },
    publisher: { '@type': 'Organization', name: SITE_NAME },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    inLanguage: 'pl-PL',
    wordCount: contentText(post.body).split(/\s+/).filter(Boolean).length,
  }
}

export const MINUTE_READ_FORMS = ['minuta czytania', 'minuty czytania', 'minut czytania'] as const
/** '5 minut czytania' */
export function readingLabel(minutes: number): string {
  return `${minutes} ${plural(minutes, MINUTE_READ_FORMS)}`
}

/** Open Graph and Twitter tags of an article. */
export function articleMeta(post: BlogPost, origin: string) {
  const url = absoluteUrl(origin, `/blog/${post.slug}`)
  const desc = metaDescription(post.lead)
  const image = post.cover ? absoluteUrl(origin, post.cover.url.replace(/\/(sm|md)\.webp$/, '/lg.webp')) : null
  return [
    { name: 'description', content: desc },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'article' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'pl_PL' },
    { property: 'og:title', content: post.title },
    { property: 'og:description', content: desc },
    { property: 'og:url', content: url },
    { property: 'article:published_time', content: post.published_at },
    { property: 'article:modified_time', content: post.updated_at },
    ...(image
      ? [
          { property: 'og:image', content: image },
          { property: 'og:image:alt', content: post.cover!.alt || post.title },
          { name: 'twitter:card', content: 'summary_large_image' },
        ]
      : [{ name: 'twitter:card', content: 'summary' }]),
  ]
}
