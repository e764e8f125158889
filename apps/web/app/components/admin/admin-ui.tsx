import { useState, type ReactNode } from 'react'
import { useRevalidator } from 'react-router'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useToast } from '~/lib/toast'

// Small building blocks of the admin screens (issue 13).

const dateTime = new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', dateStyle: 'short', timeStyle: 'short' })
const dateOnly = new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', day: 'numeric', month: 'short', year: 'numeric' })
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))
export const formatDate = (iso: string) => dateOnly.format(new Date(iso))

export function AdminPage({ title, intro, children, actions }: { title: string; intro?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          {intro && <p className="mt-1 max-w-[70ch] text-slate-600">{intro}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  )
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-card sm:p-5 ${className}`}>{children}</section>
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">{children}</p>
}

export const buttonClass = {
  primary: 'inline-flex min-h-10 items-center justify-center rounded-full bg-accent-600 px-4 text-sm font-semibold text-white hover:bg-accent-700 disabled:opacity-50',
  secondary: 'inline-flex min-h-10 items-center justify-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-slate-400 disabled:opacity-50',
  danger: 'inline-flex min-h-10 items-center justify-center rounded-full border border-red-300 bg-white px-4 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50',
}
export const fieldClass = 'block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 outline-none focus:border-accent-600 focus:ring-2 focus:ring-accent-200'
export const labelClass = 'mb-1 block text-sm font-semibold text-slate-800'

/**
 * Runs an admin call: success toast and a reload of the page's data, or the API's Polish message (422 field
 * errors are returned to the form).
 */
export function useAdminAction() {
  const toast = useToast()
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState<string | null>(null)
  async function run(key: string, call: () => Promise<unknown>, success: string): Promise<Record<string, string[]> | null> {
    setBusy(key)
    try {
      await call()
      toast.success(success)
      await revalidator.revalidate()
      return null
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) return err.fieldErrors
      toast.error(err instanceof ApiError && err.message && !err.message.startsWith('HTTP') ? err.message : 'Nie udało się. Spróbuj ponownie.')
      return {}
    } finally {
      setBusy(null)
    }
  }
  return { run, busy, api }
}

export function Pager({ page, last, href }: { page: number; last: number; href: (p: number) => string }) {
  if (last <= 1) return null
  return (
    <nav aria-label="Strony" className="flex items-center justify-center gap-3 text-sm">
      {page > 1 ? <a className={buttonClass.secondary} href={href(page - 1)}>Poprzednia</a> : <span />}
      <span className="text-slate-600">Strona {page} z {last}</span>
      {page < last ? <a className={buttonClass.secondary} href={href(page + 1)}>Następna</a> : <span />}
    </nav>
  )
}
