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
