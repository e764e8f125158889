import type { Plugin } from 'vite'

interface Ctx { getModuleInfo(id: string): { importedIds: readonly string[] } | null }

/**
 * One chunk for the app code every page runs before its first paint (decision 032): the static import graph of the
 * client entry and of the root route (header, footer, providers, the helpers they use), libraries left to the
 * automatic chunks (React, React DOM and React Router already are two). Split into ~25 small chunks it cost a request
 * and a gzip stream each; as one file it compresses better and arrives at once. Only static imports count, so
 * dialogs, menus and other `import()`ed parts keep their own chunks, and so do the route modules. The server build
 * has no client entry, so nothing is grouped there.
 */
export function firstPaintChunk(): Plugin {
  let entries: string[] = []
  let pass: Ctx | null = null
  let shell = new Set<string>()
  const closure = (ctx: Ctx) => {
    const all = new Set<string>()
    const todo = [...entries]
    while (todo.length) {
      const id = todo.pop()!
      // App code only (packages/* included): a library's barrel names every part of it, lazy ones too.
      const info = all.has(id) || id.includes('/node_modules/') ? null : ctx.getModuleInfo(id)
      if (!info) continue
      all.add(id)
      todo.push(...info.importedIds)
    }
    // The client entry's own code stays in its chunk: it must run after the inline module script has set React
    // Router's globals (the route module cache that lib/chunk-reload.ts wraps), not when the root route is imported.
    all.delete(entries[0]!)
    return all
  }
  return {
    name: 'portal-first-paint-chunk',
    apply: 'build',
    configResolved(config) {
      entries = [`${config.root}/app/entry.client.tsx`, `${config.root}/app/root.tsx?__react-router-build-client-route`]
    },
    // Grouping without the libraries' dependencies needs entries that may export more than they declare (route
    // modules keep their exports; React Router reads only those).
    options(options) {
      return { ...options, preserveEntrySignatures: 'allow-extension' as const }
    },
    outputOptions(options) {
      const name = (id: string, ctx: Ctx) => {
        if (ctx !== pass) { pass = ctx; shell = closure(ctx) }
        // Stylesheets stay with the root route, so the page keeps one CSS file.
        return shell.has(id) && !/\.css($|\?)/.test(id) ? 'shell' : null
      }
      const cs = typeof options.codeSplitting === 'object' ? options.codeSplitting : {}
      // The catalogue's cities (with the Polish place forms) apart from the rest of it: a listing page and /szukaj
      // run without them (the maps load them with their data), so merged into the catalogue's chunk they would
      // ride along (decision 034).
      const cities = { name: 'cities', test: /\/packages\/contracts\/src\/catalogue\/(cities|inflection)\.ts$/, priority: 5 }
      return { ...options, codeSplitting: { ...cs, groups: [{ name, debugName: 'first-paint', priority: 10, includeDependenciesRecursively: false }, cities, ...(cs.groups ?? [])] } }
    },
  }
}
