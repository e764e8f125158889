import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPrivateAddress, safeGet } from './safe-fetch.ts'

/** SSRF guard of feed and photo downloads: no private or loopback address, also after a redirect; limits. */
describe('safeGet', () => {
  let server: http.Server
  let base: string
  let hits = 0
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits++
      if (req.url === '/to-internal') return res.writeHead(302, { location: 'http://10.0.0.5/secret' }).end()
      if (req.url === '/to-localhost') return res.writeHead(302, { location: `http://localhost:${(server.address() as AddressInfo).port}/ok` }).end()
      if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end()
      if (req.url === '/big') return res.end(Buffer.alloc(5000))
      res.end('ok')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))
  const limits = { maxBytes: 1000, timeoutMs: 5000, maxRedirects: 3 }

  it('knows internal addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      expect(isPrivateAddress(ip), ip).toBe(true)
    }
    for (const ip of ['8.8.8.8', '151.101.1.69', '2a00:1450:4001:82a::200e']) expect(isPrivateAddress(ip), ip).toBe(false)
  })

  it('refuses 127.0.0.1, 10.x, a name resolving to loopback, and other schemes, without connecting', async () => {
    const before = hits
    await expect(safeGet(`${base}/ok`, limits)).rejects.toThrow('Adres 127.0.0.1 prowadzi do sieci wewnętrznej; pobieranie odrzucone')
    await expect(safeGet('http://10.0.0.5/photo.jpg', limits)).rejects.toThrow('Adres 10.0.0.5 prowadzi do sieci wewnętrznej')
    await expect(safeGet('http://[::1]/photo.jpg', limits)).rejects.toThrow('prowadzi do sieci wewnętrznej')
    await expect(safeGet(`http://localhost:${(server.address() as AddressInfo).port}/ok`, limits)).rejects.toThrow('Adres localhost prowadzi do sieci wewnętrznej')
    // Spelled with the root's dot or in capitals it is still localhost, refused before DNS (issue 29).
    for (const name of ['localhost.', 'LOCALHOST.', 'LocalHost..', 'api.localhost', 'x.localhost.']) {
      await expect(safeGet(`http://${name}:${(server.address() as AddressInfo).port}/ok`, limits), name).rejects.toThrow(/^Adres [a-z.]*localhost prowadzi do sieci wewnętrznej/)
    }
    await expect(safeGet('file:///etc/passwd', limits)).rejects.toThrow('Dozwolone są tylko adresy http(s)')
    await expect(safeGet('ftp://example.com/a', limits)).rejects.toThrow('Dozwolone są tylko adresy http(s)')
    expect(hits).toBe(before)
  })

  it('checks every redirect: an allowed host redirecting to 10.x or to localhost is refused', async () => {
    const allowed = { ...limits, privateHosts: ['127.0.0.1'] }
    expect((await safeGet(`${base}/ok`, allowed)).buffer!.toString()).toBe('ok')
    await expect(safeGet(`${base}/to-internal`, allowed)).rejects.toThrow('Adres 10.0.0.5 prowadzi do sieci wewnętrznej')
    await expect(safeGet(`${base}/to-localhost`, allowed)).rejects.toThrow('Adres localhost prowadzi do sieci wewnętrznej')
  })

  it('limits redirects and size', async () => {
    const allowed = { ...limits, privateHosts: ['127.0.0.1'] }
    await expect(safeGet(`${base}/loop`, allowed)).rejects.toThrow('Za dużo przekierowań (więcej niż 3)')
    await expect(safeGet(`${base}/big`, allowed)).rejects.toThrow(/Plik jest za duży/)
  })
})
