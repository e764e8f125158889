import type { Config } from '@react-router/dev/config'

// Server-rendered: the API process (apps/api) imports build/server and serves it next to /api.
export default {
  appDirectory: 'app',
  ssr: true,
} satisfies Config
