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
