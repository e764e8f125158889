#!/usr/bin/env node
// Compiles the production server (apps/api/src/server.ts) into ES modules, apps/api/build/server.mjs and its chunks, so
// `npm start` runs plain JavaScript: no TypeScript loader, no esbuild service beside the server (decision 018).
// Our own code (apps/api, @portal/*) is bundled; every npm package stays an import Node resolves from node_modules.
// Files found next to the sources at run time (migrations, gazetteer, the HEIC worker) are still read from there:
// each bundled file's `import.meta.url` is rewritten to its source file's URL, relative to the bundle.
//   node scripts/build-server.mjs          build when missing or older than its sources (what `npm start` does)
//   node scripts/build-server.mjs --force  build always
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SERVER_BUNDLE = path.join(root, 'apps/api/build/server.mjs')
const ENTRY = path.join(root, 'apps/api/src/server.ts')
const SOURCES = [path.join(root, 'apps/api'), path.join(root, 'packages'), path.join(root, 'package-lock.json')]

/** Newest mtime under the given paths (skipping node_modules, build output and dot folders). */
function newest(paths) {
  let max = 0
  const walk = (p) => {
    if (!existsSync(p)) return
    const st = statSync(p)
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'build' || name.startsWith('.')) continue
        walk(path.join(p, name))
      }
    } else if (st.mtimeMs > max) max = st.mtimeMs
  }
  paths.forEach(walk)
  return max
}

export function serverNeedsBuild() {
  return !existsSync(SERVER_BUNDLE) || newest(SOURCES) > statSync(SERVER_BUNDLE).mtimeMs
}

const web = path.join(root, 'apps/web')
const webServerEntry = path.join(web, 'build/server/index.js')

/** Whether the web build (apps/web/build) is missing or older than its sources (`npm start` then builds it). */
export function webNeedsBuild() {
  if (!existsSync(path.join(web, 'package.json')) || !existsSync(path.join(web, 'app'))) return false
  if (!existsSync(webServerEntry)) return true
  const sources = [
    path.join(web, 'app'), path.join(web, 'public'), path.join(web, 'vite.config.ts'),
    path.join(web, 'react-router.config.ts'), path.join(web, 'package.json'), path.join(root, 'packages/contracts/src'),
  ]
  return newest(sources) > statSync(webServerEntry).mtimeMs
}

/** The repository's own files: bundled. npm packages (also when reached through a symlink): left as imports. */
const ownCode = (file) => file.startsWith(root + path.sep) && !file.split(path.sep).includes('node_modules')

const keepPackagesExternal = {
  name: 'external-packages',
  setup(build) {
    // Bare specifiers other than our workspaces (@portal/*) stay imports; node: builtins are external anyway.
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@portal/')) return undefined
      return { path: args.path, external: true }
    })
  },
}

const sourceRelativeImportMeta = {
  name: 'source-import-meta-url',
  setup(build) {
    const outDir = path.dirname(SERVER_BUNDLE)
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
      if (!ownCode(args.path)) return undefined
      const text = readFileSync(args.path, 'utf8')
      const loader = args.path.endsWith('ts') ? 'ts' : 'js'
      if (!text.includes('import.meta.url')) return { contents: text, loader }
      const rel = path.relative(outDir, args.path).split(path.sep).join('/')
      const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`
      return { contents: text.replaceAll('import.meta.url', url), loader }
    })
  },
}

/** Builds the bundle; returns the milliseconds it took. */
export async function buildServer() {
  const started = Date.now()
  const esbuild = await import('esbuild')
  try {
    const result = await esbuild.build({
      entryPoints: { server: ENTRY },
      outdir: path.dirname(SERVER_BUNDLE),
      outExtension: { '.js': '.mjs' },
      // server.ts registers a resolve hook (React Router's production build) before it imports the rest
      // dynamically. Bundled into one file, every npm import would be hoisted above that hook; as chunks, the imports
      // of a dynamically imported module load when it does.
      splitting: true,
      // Beside the entry: the rewritten import.meta.url paths are relative to that one folder.
      chunkNames: 'chunk-[name]-[hash]',
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      sourcemap: 'linked',
      // Names in logs and stack traces stay readable; the bundle is not shipped to browsers.
      minify: false,
      logLevel: 'warning',
      plugins: [keepPackagesExternal, sourceRelativeImportMeta],
      banner: { js: '// Built by scripts/build-server.mjs from apps/api/src/server.ts; do not edit.' },
      write: false,
    })
    // Each file under a temporary name, then renamed: a server starting meanwhile never reads half a bundle. The
    // entry goes last, so its mtime (what serverNeedsBuild compares) is the newest. Chunk names carry a content hash;
    // chunks of earlier builds are removed.
    const isEntry = (f) => f.path === SERVER_BUNDLE
    const files = [...result.outputFiles.filter((f) => !isEntry(f)), ...result.outputFiles.filter(isEntry)]
    for (const f of files) {
      mkdirSync(path.dirname(f.path), { recursive: true })
      const tmp = `${f.path}.${process.pid}.tmp`
      writeFileSync(tmp, f.contents)
      renameSync(tmp, f.path)
    }
    const outDir = path.dirname(SERVER_BUNDLE)
    const current = new Set(result.outputFiles.map((f) => f.path))
    for (const name of readdirSync(outDir)) {
      if (name.startsWith('chunk-') && !current.has(path.join(outDir, name))) rmSync(path.join(outDir, name), { force: true })
    }
  } finally {
    // The esbuild service is a child process: it must not live on beside the server.
    await esbuild.stop?.()
  }
  return Date.now() - started
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--force') || serverNeedsBuild()) {
    const ms = await buildServer()
    console.log(`[build] server compiled to ${path.relative(root, SERVER_BUNDLE)} in ${ms} ms`)
  } else {
    console.log(`[build] ${path.relative(root, SERVER_BUNDLE)} is up to date`)
  }
}
