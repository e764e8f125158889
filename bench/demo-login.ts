/**
 * Logs a demo account in on a running server as a browser does (the XSRF cookie first, then the login with its token)
 * and returns the cookies it holds after, by name. The demo seed's first user by default; a database seeded without
 * the demo accounts names another in BENCH_LOGIN (its password Demo1234).
 */
export async function demoLogin(base: string): Promise<Map<string, string>> {
  const csrf = await fetch(`${base}/api/sanctum/csrf-cookie`)
  const jar = new Map(csrf.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]))
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie: cookieHeader(jar), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN')!) },
    body: JSON.stringify({ email: process.env.BENCH_LOGIN ?? 'jan.kowalski@example.pl', password: 'Demo1234' }),
  })
  if (res.status !== 200) throw new Error(`the demo login at ${base} answered ${res.status}`)
  for (const c of res.headers.getSetCookie()) { const [k, v] = c.split(';')[0]!.split('='); jar.set(k!, v!) }
  return jar
}

export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
