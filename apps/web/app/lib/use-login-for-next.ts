import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { useAuth } from './auth'
import { safeNext } from './safe-next'

/**
 * Spec §6: a guard sent a guest to `/?next={path}`; open the login dialog, and after the login go to `next`
 * (validated again by the login itself). A signed-in user with a valid `next` goes straight there.
 */
export function useLoginForNext() {
  const [params] = useSearchParams()
  const { user, open } = useAuth()
  const next = safeNext(params.get('next'))
  useEffect(() => {
    if (next && !user) open('login', { next })
  }, [next, user, open])
}
