// Shared by bench/page-weight.ts and e2e/speed.spec.ts (issue 16, decision 034).

/** The modules the page loads: modulepreload links and the static and dynamic imports of inline module scripts. */
export function loadedScripts(html: string): string[] {
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1])
  const inline = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) =>
    [...m[1]!.matchAll(/\bimport\s*(?:[\w*{}\s,]+from\s*)?\(?\s*"(\/assets\/[\w.-]+\.js)"/g)].map((i) => i[1]))
  return [...new Set([...preloads, ...inline].filter((f): f is string => !!f && /^\/assets\/[\w.-]+\.js$/.test(f)))]
}
