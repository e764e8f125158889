import type { ReactNode } from 'react'
import { Spinner } from '~/components/form'
import { CheckCircleIcon } from '~/components/icons'
import type { TokenLinkState } from '~/lib/use-token-link'

/** What a one-time link page shows: a spinner while it works, then the success text or the error. */
export function TokenLinkStatus<T>({ state, pending, done }: { state: TokenLinkState<T>; pending: string; done: (result: T) => ReactNode }) {
  if (state.kind === 'pending') {
    return (
      <p role="status" className="flex items-center gap-3 text-[15px] text-slate-600">
        <Spinner className="size-5 text-accent-600" /> {pending}
      </p>
    )
  }
  if (state.kind === 'done') {
    return (
      <div role="status" className="flex items-start gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-[15px] text-emerald-900">
        <CheckCircleIcon size={22} className="mt-0.5 shrink-0 text-emerald-700" />
        <p>{done(state.result)}</p>
      </div>
    )
  }
  return <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-[15px] text-red-800">{state.message}</div>
}
