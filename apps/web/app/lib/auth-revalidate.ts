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
// favourites, no owner's links). The browser then reloads the page's personal data once: root (user, favourites) and
// the routes whose loaders answer per visitor. Pages that show nobody's data skip that reload (skipWhenPersonalising).
let personalising = 0

export async function whilePersonalising<T>(run: () => Promise<T> | T): Promise<T> {
  personalising++
  try {
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
