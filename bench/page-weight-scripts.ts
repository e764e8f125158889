// Shared by bench/page-weight.ts and e2e/speed.spec.ts (issue 16, decisions 034 and 036).

const IMPORT = /\bimport\s*(?:[\w*{}\s,]+from\s*)?\(?\s*"(\/assets\/[\w.-]+\.js)"/g

/**
 * The modules the page loads: modulepreload links and the static and dynamic imports of inline module scripts; since
 * decision 036 a page carries them as the arguments of the loader that adds them after the first paint
 * (`(function (m, h) {…})(moduleText, preloadUrls)`, apps/web/app/lib/defer-module-scripts.server.ts).
 */
export function loadedScripts(html: string): string[] {
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1])
  const modules = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
  for (const [, body] of html.matchAll(/<script\b[^>]*>(\(function \(m, h\)[\s\S]*?)<\/script>/g)) {
    const [text, urls] = JSON.parse(`[${body!.slice(body!.lastIndexOf('\n})(') + 4, -1)}]`) as [string, string[]]
    modules.push(text)
    preloads.push(...urls)
  }
  const imports = modules.flatMap((text) => [...text.matchAll(IMPORT)].map((i) => i[1]))
  return [...new Set([...preloads, ...imports].filter((f): f is string => !!f && /^\/assets\/[\w.-]+\.js$/.test(f)))]
}
