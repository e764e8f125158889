// The panels' live count (issue 25): how many listings the current choice finds, before the person searches.
import { useEffect, useState } from 'react'
import { countLabel, LISTING_FORMS } from '@portal/contracts/format'
import { parseSearchParams } from '@portal/contracts/plain/search'
import { formToParams, type SearchForm } from './search-form'

export interface LiveCount { total: number; estimated: boolean }

/**
 * GET /api/search/count for the form, 300 ms after the last change (a superseded request is aborted). A choice the
 * API would refuse (a 'from' above its 'to') is not asked about: the count then stays unknown.
 */
export function useLiveCount(form: SearchForm, enabled = true): LiveCount | null {
  const params = formToParams(form)
  const qs = params.toString()
  const valid = Object.keys(parseSearchParams(params).errors).length === 0
  const [count, setCount] = useState<{ qs: string; value: LiveCount } | null>(null)
  useEffect(() => {
    if (!enabled || !valid) return
    const ctl = new AbortController()
    const timer = setTimeout(() => {
      fetch(`/api/search/count${qs ? `?${qs}` : ''}`, { signal: ctl.signal, credentials: 'include', headers: { Accept: 'application/json' } })
        .then((r) => (r.ok ? (r.json() as Promise<{ total: number; total_estimated: boolean }>) : null))
        .then((j) => { if (j) setCount({ qs, value: { total: j.total, estimated: j.total_estimated } }) })
        .catch(() => {})
    }, 300)
    return () => { clearTimeout(timer); ctl.abort() }
  }, [qs, enabled, valid])
  return enabled && valid && count?.qs === qs ? count.value : null
}

/** 'Pokaż 1 234 ogłoszenia' ('około' only for the SQL path's estimate while the index loads). */
export const showLabel = (c: LiveCount) => `Pokaż ${c.estimated ? 'około ' : ''}${countLabel(c.total, LISTING_FORMS)}`
