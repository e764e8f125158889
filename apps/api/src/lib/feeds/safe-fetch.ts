import http from 'node:http'
import https from 'node:https'
import dns from 'node:dns'
import net from 'node:net'
import type { Writable } from 'node:stream'

/**
 * Downloads for feeds (the feed file of a URL source, photos named by URL) with limits on size, time and redirects,
 * never from a private, loopback, link-local or otherwise internal address (SSRF, decision 025). The check is made
 * on the addresses the name resolves to, in the lookup the connection itself uses (no second lookup an attacker's
 * DNS could answer differently), and again for every redirect.
 */
export interface FetchLimits {
  maxBytes: number
  timeoutMs: number
  maxRedirects: number
  /** Hosts allowed despite a private address (env FEEDS_PRIVATE_HOSTS; the benchmark's local server). */
  privateHosts?: readonly string[]
}

export class FetchRefused extends Error {}

const blocked = new net.BlockList()
for (const [addr, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(addr, prefix, 'ipv4')
for (const [addr, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32]] as const) {
  blocked.addSubnet(addr, prefix, 'ipv6')
}

/** Is this IP internal (private, loopback, link-local, multicast, reserved; IPv4-mapped IPv6 by its IPv4)? */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return isPrivateAddress(mapped[1]!)
  const family = net.isIP(ip)
  if (!family) return true
  return blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}

const refusedAddress = (host: string) => new FetchRefused(`Adres ${host} prowadzi do sieci wewnętrznej; pobieranie odrzucone`)

function guardedLookup(privateOk: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family, hints: options.hints }, (err, addresses) => {
      if (err) return callback(err, '', 4)
      const list = addresses as dns.LookupAddress[]
      if (!privateOk && (!list.length || list.some((a) => isPrivateAddress(a.address)))) {
        return callback(refusedAddress(hostname) as NodeJS.ErrnoException, '', 4)
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
      callback(null, list[0]!.address, list[0]!.family)
    })
  }
}

interface Target { body: 'buffer' | Writable }

/** GET `url` following at most `maxRedirects` redirects; the body into a buffer (returned) or a writable stream. */
export async function safeGet(rawUrl: string, limits: FetchLimits, target: Target = { body: 'buffer' }): Promise<{ buffer: Buffer | null; url: string; bytes: number }> {
  const deadline = AbortSignal.timeout(limits.timeoutMs)
  let url = rawUrl
  for (let hop = 0; ; hop++) {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      throw new FetchRefused(`Nieprawidłowy adres: ${url.slice(0, 200)}`)
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new FetchRefused(`Dozwolone są tylko adresy http(s): ${url.slice(0, 200)}`)
    if (parsed.username || parsed.password) throw new FetchRefused('Adres z loginem i hasłem nie jest obsługiwany')
    // A name's trailing dots (the root) and its case change nothing about where it leads: `LocalHost.` is localhost.
    const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.+$/, '')
    const privateOk = !!limits.privateHosts?.includes(host)
    // An IP literal never goes through the lookup: checked here.
    if (net.isIP(host) && !privateOk && isPrivateAddress(host)) throw refusedAddress(host)
    // localhost and its subdomains are loopback by definition (RFC 6761): refused before any DNS question is asked.
    if (!privateOk && (host === 'localhost' || host.endsWith('.localhost'))) throw refusedAddress(host)
    const res = await request(parsed, privateOk, deadline)
    if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
      res.resume()
      if (hop >= limits.maxRedirects) throw new FetchRefused(`Za dużo przekierowań (więcej niż ${limits.maxRedirects})`)
      url = new URL(res.headers.location, parsed).toString()
      continue
    }
    if (res.statusCode !== 200) {
      res.resume()
      throw new FetchRefused(`Serwer odpowiedział kodem ${res.statusCode} (${parsed.host})`)
    }
    const length = Number(res.headers['content-length'] ?? 0)
    if (length > limits.maxBytes) {
      res.destroy()
      throw new FetchRefused(`Plik jest za duży (${length} B; najwięcej ${limits.maxBytes} B)`)
    }
    return await readBody(res, limits.maxBytes, target, url)
  }
}

function request(url: URL, privateOk: boolean, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? https.get : http.get
    const req = get(url, { lookup: guardedLookup(privateOk), signal, headers: { 'user-agent': 'PortalFeeds/1.0', accept: '*/*' } }, resolve)
    req.on('error', (err) => reject(wrap(err, url)))
  })
}

function wrap(err: Error, url: URL): Error {
  if (err instanceof FetchRefused) return err
  if (err.name === 'AbortError' || err.name === 'TimeoutError') return new FetchRefused(`Przekroczono czas pobierania (${url.host})`)
  return new FetchRefused(`Nie udało się pobrać ${url.host}: ${(err as NodeJS.ErrnoException).code ?? err.message}`)
}

function readBody(res: http.IncomingMessage, maxBytes: number, target: Target, url: string): Promise<{ buffer: Buffer | null; url: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let bytes = 0
    const sink = target.body === 'buffer' ? null : target.body
    res.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      if (bytes > maxBytes) {
        res.destroy()
        reject(new FetchRefused(`Plik jest za duży (ponad ${maxBytes} B)`))
        return
      }
      if (sink) {
        if (!sink.write(chunk)) { res.pause(); sink.once('drain', () => res.resume()) }
      } else {
        chunks.push(chunk)
      }
    })
    res.on('error', (err) => reject(wrap(err, new URL(url))))
    res.on('end', () => {
      if (bytes > maxBytes) return
      if (sink) sink.end(() => resolve({ buffer: null, url, bytes }))
      else resolve({ buffer: Buffer.concat(chunks), url, bytes })
    })
  })
}
