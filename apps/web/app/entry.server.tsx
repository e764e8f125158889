// React Router's default Node entry (@react-router/dev/config/defaults/entry.server.node.tsx) plus the CSP nonce:
// the server puts one per response in the load context and into its Content-Security-Policy header; every inline
// script React and React Router write (hydration data, streaming) carries it, so script-src needs no 'unsafe-inline'.
import { PassThrough, pipeline } from 'node:stream'
import type { AppLoadContext, EntryContext } from 'react-router'
import { createReadableStreamFromReadable } from '@react-router/node'
import { ServerRouter } from 'react-router'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceContext } from './lib/csp-nonce'
import { deferModuleScripts } from './lib/defer-module-scripts.server'
import { inlineStylesheet } from './lib/inline-css.server'

export const streamTimeout = 5_000

function ignoreError() {}

declare module 'react-router' {
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this response (set by apps/api/src/web/load-context.ts). */
    cspNonce?: string
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext?.cspNonce

  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers and SPA mode wait for all content.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // A finished Suspense boundary stays in place in the HTML. By default React moves one that comes after 12.8 KB
        // of the page behind a hidden div and an inline script that swaps it in: the footer (hydrated later,
        // components/hydrate-later.tsx) would then appear only with that script and after the rest (decision 040).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          // Production pages request their scripts after the first paint (decision 036) and carry their CSS in the
          // HTML (decision 041); Vite's dev client, its inline module scripts and its CSS stay as they are.
          // pipeline: a client that goes away (the stream cancelled) destroys both.
          const out = import.meta.env.DEV ? body : pipeline(body, deferModuleScripts((tag) => inlineStylesheet(tag)), () => {})
          // A client that goes away destroys the page with an error (the stream cancelled with a reason); once the
          // render has finished, pipeline() no longer listens on `out`, and createReadableStreamFromReadable takes its
          // own 'error' listener away before the error is emitted (remix-run/react-router#15364): without this one an
          // aborted response was an uncaught exception that ended the process. What the error says is known: the
          // client left; render errors are reported by onError.
          out.on('error', ignoreError)
          // A render cut short never reaches final(): the abort timer goes with the stream.
          body.once('close', () => { clearTimeout(timeoutId); timeoutId = undefined })
          const stream = createReadableStreamFromReadable(out)
          responseHeaders.set('Content-Type', 'text/html')
          pipe(body)
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors of the shell itself are logged by React Router's handleDocumentRequest.
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}
