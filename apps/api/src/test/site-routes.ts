import { readFileSync } from 'node:fs'

/**
 * Every page route of the site, read from apps/web/app/routes.ts (the api never imports the web app; its route list
 * is plain text here), as templates with '{x}', '{y}', '{z}' for the path parameters in order and the splat. The
 * fuzz and hang-up suites take their page paths from this, so a new screen is covered the day it is registered.
 */
export function sitePathTemplates(source = readFileSync(new URL('../../../web/app/routes.ts', import.meta.url), 'utf8')): string[] {
  const paths = new Set<string>()
  if (/\bindex\(/.test(source)) paths.add('/')
  for (const m of source.matchAll(/\broute\(\s*'([^']*)'/g)) {
    const names = ['{x}', '{y}', '{z}']
    let n = 0
    const path = m[1]!.split('/').map((seg) => (seg.startsWith(':') || seg === '*' ? names[Math.min(n++, 2)]! : seg)).join('/')
    paths.add(`/${path}`)
  }
  return [...paths]
}
