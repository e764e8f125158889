// The root loader carries the signed-in user but skips ordinary navigations (its footer data barely changes).
// After a login, logout or account change the auth code raises this flag around the navigation or revalidation,
// so root's shouldRevalidate lets that one load through.
let pending = 0

export async function whileAuthChanges<T>(run: () => Promise<T> | T): Promise<T> {
  pending++
  try {
    return await run()
  } finally {
    pending--
  }
}

export const authChangePending = () => pending > 0

// Decision 099: a signed-in visitor may get the page everybody gets from the server's page cache (no user, no
// favourites, no owner's links). The browser then reloads the page's personal data once: root (user, favourites).
// The routes skip that reload (skipWhenPersonalising); a page with a per-visitor part of its own (the listing's owner
// bar) asks for just that part beside root's reload (onPersonalise, decision 102), not for its whole loader again.
let personalising = 0
const personalLoads = new Set<() => void>()

/**
 * The page's own per-visitor data after a page from the shared cache (decision 102): `load` runs when the personal
 * reload starts, beside root's. Registered from a mounted route's effect, which runs before AuthProvider's (a
 * parent's effects run after its children's), so the first page's is in place when it starts. Returns the removal.
 */
export function onPersonalise(load: () => void): () => void {
  personalLoads.add(load)
  return () => { personalLoads.delete(load) }
}

export async function whilePersonalising<T>(run: () => Promise<T> | T): Promise<T> {
  personalising++
  try {
    for (const load of personalLoads) load()
    return await run()
  } finally {
    personalising--
  }
}

export const personalisingPending = () => personalising > 0

/** `shouldRevalidate` of a page that shows nobody's data: the personal reload of a shared page leaves it alone. */
export function skipWhenPersonalising({ defaultShouldRevalidate }: { defaultShouldRevalidate: boolean }): boolean {
  return personalising > 0 ? false : defaultShouldRevalidate
}
