import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { firstPaintChunk } from './first-paint-chunk.ts'
import { precompress, reactRouterProduction } from './precompress.ts'

export default defineConfig({
  plugins: [reactRouterProduction(), tailwindcss(), reactRouter(), firstPaintChunk(), precompress()],
  build: {
    // Fonts stay files (fetched after the first paint and cached apart from the CSS, decision 041), even the 4 KB one
    // with the Polish letters.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
  },
  experimental: {
    // A lazily imported part lists the app's stylesheet (app.css → root-*.css) among the files to load with it, and
    // Vite's preload helper skips one only if the page has `<link rel="stylesheet" href="…">` with exactly that href.
    // Pages carry that CSS inline with its React Router link kept disabled, href ending in '#' (decision 041): named the
    // same way here, the helper finds that link instead of appending an enabled one that fetches the file again
    // (decision 040).
    renderBuiltUrl(filename, { hostType, ssr }) {
      return !ssr && hostType === 'js' && /^assets\/root-[\w-]+\.css$/.test(filename) ? `/${filename}#` : undefined
    },
  },
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  server: {
    // In `react-router dev` alone (without the API process) /api and /uploads go to the API server.
    proxy: {
      '/api': process.env.API_ORIGIN ?? 'http://127.0.0.1:3000',
      '/uploads': process.env.API_ORIGIN ?? 'http://127.0.0.1:3000',
    },
  },
})
