import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { precompress, reactRouterProduction } from './precompress.ts'

export default defineConfig({
  plugins: [reactRouterProduction(), tailwindcss(), reactRouter(), precompress()],
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
