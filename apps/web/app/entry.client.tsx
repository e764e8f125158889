import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { installChunkReload } from './lib/chunk-reload'
import { registerServiceWorker } from './lib/service-worker'

installChunkReload()
registerServiceWorker()

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
