import type { ReactNode } from 'react'
import { RouterProvider } from 'react-aria-components'
import { useHref, useNavigate, type NavigateOptions } from 'react-router'

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions
  }
}

/**
 * React Router behind react-aria's links (a MenuItem with `href` navigates in the app, not by a page load). Around the
 * parts that have such links (the header's loaded menus), not the whole page: react-aria's router code then loads
 * with them, not on every first paint (decision 040).
 */
export function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      {children}
    </RouterProvider>
  )
}
