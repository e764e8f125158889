import './app.css'
import type { ReactNode } from 'react'
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import type { FooterItem } from '@portal/contracts/errors'
import type { Route } from './+types/root'
import { ApiBridge } from './components/api-bridge'
import { SiteHeader } from './components/header/site-header'
import { hydrateLater } from './components/hydrate-later'
import { WebFont } from './components/web-font'
import { EarlyPress } from './components/early-press'
import { Toaster } from './components/toaster'
import { AuthDialogSlot } from './components/auth/auth-dialog-slot'
import { serverJson } from './lib/api.server'
import { AuthProvider } from './lib/auth'
import { FavoritesProvider } from './lib/favorites'
import { FavoriteUsersProvider } from './lib/favorite-users'
import { authChangePending, personalisingPending } from './lib/auth-revalidate'
import { getUser } from './lib/auth.server'
import { pageTitle } from './lib/site'
import { pageLoadFailure } from './lib/chunk-reload'
import { useNonce } from './lib/csp-nonce'
import { ToastProvider } from './lib/toast'

// Below the fold or on error pages only: their code loads after hydration started (decision 040).
const SiteFooter = hydrateLater(() => import('./components/site-footer').then((m) => m.SiteFooter))
// The navigation bar and the offline notice show nothing on a page's first paint; they hydrate when the browser is idle.
const LoadingBar = hydrateLater(() => import('./components/loading-bar').then((m) => m.LoadingBar))
const OfflineBanner = hydrateLater(() => import('./components/offline-banner').then((m) => m.OfflineBanner))
const NotFound = hydrateLater(() => import('./components/not-found').then((m) => m.NotFound), 'now')
const ErrorScreen = hydrateLater(() => import('./components/not-found').then((m) => m.ErrorScreen), 'now')

export const links: Route.LinksFunction = () => [
  // No font preloads: the web font comes after the first paint (components/web-font.tsx, decision 041).
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // Installable (spec §2, §7): the web manifest and the home-screen icon in the pink accent.
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
]

export const meta: Route.MetaFunction = () => [
  { title: pageTitle() },
  { name: 'description', content: 'Ogłoszenia nieruchomości: mieszkania, domy, działki i lokale na sprzedaż i wynajem w całej Polsce.' },
]

export async function loader({ context }: Route.LoaderArgs) {
  // The server is the source of truth for who is signed in (GET /api/user, 401 → null).
  const [footers, user] = await Promise.all([serverJson<FooterItem[]>(context, '/api/footers'), getUser(context)])
  // The signed-in user's favourite ids, once per page load, so every heart renders filled on the server already.
  const favoriteIds = user ? ((await serverJson<{ ids: number[] }>(context, '/api/favorites/ids'))?.ids ?? null) : null
  return data(
    // The year comes from the server so the server render and hydration agree on it.
    { footers: Array.isArray(footers) ? footers : [], year: new Date().getFullYear(), user, favoriteIds },
    // A page with somebody's name in its header must never sit in a shared cache.
    user ? { headers: { 'Cache-Control': 'private, no-store' } } : undefined,
  )
}

/** Routes without their own `headers` inherit this: personal pages stay out of shared caches. */
export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const cc = loaderHeaders.get('Cache-Control')
  return cc ? { 'Cache-Control': cc } : {}
}

/**
 * Footer pages barely change, but the user does: reload after a form submission, after a login/logout/account
 * change (the auth code raises a flag around that navigation or revalidation) and on an explicit revalidation
 * of the same URL; skip ordinary navigations.
 */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  // A login, logout or account change, or the personal reload of a page from the shared cache (decision 099).
  if (authChangePending() || personalisingPending()) return true
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="pl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#db2777" />
        <Meta />
        <Links />
        <WebFont nonce={nonce} />
        <EarlyPress nonce={nonce} />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

/** Header, footer and the global widgets around every screen, the error screens included. */
function Shell({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  return (
    <ToastProvider>
      <AuthProvider user={data?.user ?? null} shell={data}>
      <FavoritesProvider serverIds={data?.favoriteIds ?? null}>
      <FavoriteUsersProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[80] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-accent-700 focus:shadow-card-hover"
      >
        Przejdź do treści
      </a>
      <LoadingBar />
      <div className="sticky top-0 z-40">
        <SiteHeader />
        <OfflineBanner />
      </div>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter pages={data?.footers ?? []} year={data?.year ?? new Date().getFullYear()} />
      <AuthDialogSlot />
      <Toaster />
      <ApiBridge />
      </FavoriteUsersProvider>
      </FavoritesProvider>
      </AuthProvider>
    </ToastProvider>
  )
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <title>{pageTitle('Nie znaleziono strony')}</title>
        <NotFound />
      </Shell>
    )
  }
  const status = isRouteErrorResponse(error) ? error.status : undefined
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined
  const loadFailed = pageLoadFailure(error)
  return (
    <Shell>
      <title>{pageTitle(loadFailed === 'offline' ? 'Jesteś offline' : loadFailed ? 'Nie udało się wczytać strony' : 'Wystąpił błąd')}</title>
      <ErrorScreen status={status} detail={detail} loadFailed={loadFailed} />
    </Shell>
  )
}
