import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|html)$/

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the client build (best quality, once per build),
 * which the server sends as they are to browsers that accept them (@fastify/static `preCompressed`).
 */
export function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    writeBundle(options) {
      if (this.environment?.name !== 'client' || !options.dir) return
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const file = path.join(dir, name)
          if (statSync(file).isDirectory()) { walk(file); continue }
          if (!COMPRESSIBLE.test(name)) continue
          const data = readFileSync(file)
          if (data.length < 1024) continue
          writeFileSync(`${file}.br`, brotliCompressSync(data, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }))
          writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
        }
      }
      walk(options.dir)
    },
  }
}

/**
 * React Router's package exports name only its development build (dev warnings compiled in, `ENABLE_DEV_WARNINGS`);
 * the client bundle takes the production twin instead. Client only: the server build keeps the package import, which
 * the API process maps the same way at run time (apps/api/src/web/production-modules.ts), so there is one copy.
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'portal-react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (this.environment?.name !== 'client' || (source !== 'react-router' && source !== 'react-router/dom')) return null
      const r = await this.resolve(source, importer, { ...options, skipSelf: true })
      return r && r.id.includes('/react-router/dist/development/') ? { ...r, id: r.id.replace('/dist/development/', '/dist/production/') } : r
    },
  }
}
