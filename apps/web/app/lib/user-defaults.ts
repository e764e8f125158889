import { useEffect } from 'react'
import { useAuth } from './auth'

type Who = { name?: string | null; email?: string | null; phone?: string | null }
type Defaults = { name?: string; email?: string; phone?: string }

/** The signed-in user's name, e-mail and phone in the fields of `values` that have them and are still empty. */
export function withUserDefaults<T extends Defaults>(values: T, who: Who | null | undefined): T {
  if (!who) return values
  const next = { ...values }
  for (const key of ['name', 'email', 'phone'] as const) {
    if (key in values && !values[key] && who[key]) next[key] = who[key] as T[typeof key]
  }
  return (['name', 'email', 'phone'] as const).some((k) => next[k] !== values[k]) ? next : values
}

/**
 * A form's name, e-mail and phone from the signed-in user. A page from the shared cache (decision 099) learns who is
 * signed in only after it loaded: the fields still empty are filled then, as they would have been on a page rendered
 * for the user. `complete(values)` before a send fills them too, waiting for the user when still unknown (a send
 * before that is not a guest's).
 */
export function useUserDefaults<T extends Defaults>(setValues: (update: (values: T) => T) => void) {
  const { user, known } = useAuth()
  useEffect(() => { if (user) setValues((x) => withUserDefaults(x, user)) }, [user?.id]) // eslint-disable-line react-hooks/exhaustive-deps
  return {
    complete: async (values: T): Promise<T> => {
      const filled = withUserDefaults(values, user ?? await known())
      if (filled !== values) setValues(() => filled)
      return filled
    },
  }
}
