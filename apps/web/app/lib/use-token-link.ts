// The pages a mailed one-time link opens (/potwierdz-newsletter, /wypisz, /przedluz-ogloszenie): read `token` from
// the address, call the API once per token (a re-render or StrictMode's second effect must not spend it twice) and
// say how it went. 404 and 422 mean a wrong or spent link; anything else is the server's fault.
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { ApiError } from './api-client'

export type TokenLinkState<T> = { kind: 'pending' } | { kind: 'done'; result: T } | { kind: 'error'; message: string }

export function useTokenLink<T>(call: (token: string) => Promise<T>, invalid: string,
  otherError: (err: ApiError) => string | null = () => null): TokenLinkState<T> {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [state, setState] = useState<TokenLinkState<T>>({ kind: 'pending' })
  const sent = useRef<string | null>(null)
  useEffect(() => {
    if (sent.current === token) return
    sent.current = token
    if (!token) { setState({ kind: 'error', message: invalid }); return }
    call(token)
      .then((result) => setState({ kind: 'done', result }))
      .catch((err) => setState({
        kind: 'error',
        message: err instanceof ApiError && (err.status === 404 || err.status === 422) ? invalid
          : (err instanceof ApiError && otherError(err)) || CLIENT_MESSAGES.serverError,
      }))
    // The call and messages are fixed per page; only a new token is a new request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token])
  return state
}
