import { execFileSync } from 'node:child_process'
import { constants, createDecipheriv, createHash, privateDecrypt } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KsefClient, KsefError } from './ksef-send.ts'

/**
 * The KSeF client against a loopback stand-in of API 2.0 holding its own RSA key pair (a self-signed certificate made
 * with openssl): it decrypts the token and the invoice the way KSeF does and checks the hashes and sizes.
 */
describe('KSeF sender (API 2.0 interactive session)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ksef-'))
  let url = ''
  let close: () => void
  const seen: { token?: string; xml?: string; closed?: boolean; bearer: string[] } = { bearer: [] }
  let polls = 0
  beforeAll(async () => {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
      '-days', '2', '-subj', '/CN=KSeF test'], { stdio: 'ignore' })
    const key = readFileSync(path.join(dir, 'key.pem'))
    const der = execFileSync('openssl', ['x509', '-in', path.join(dir, 'cert.pem'), '-outform', 'DER'])
    const decrypt = (b64: string) => privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64'))
    let aes: { key: Buffer; iv: Buffer } | null = null
    const server = createServer((req, res) => {
      let raw = ''
      req.on('data', (c) => { raw += c })
      req.on('end', () => {
        const body = raw ? JSON.parse(raw) : {}
        seen.bearer.push(req.headers.authorization ?? '')
        const send = (status: number, out: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(out)) }
        if (req.url === '/security/public-key-certificates') {
          return send(200, [{ certificate: der.toString('base64'), usage: ['KsefTokenEncryption', 'SymmetricKeyEncryption'], validTo: new Date(Date.now() + 86400_000).toISOString() }])
        }
        if (req.url === '/auth/challenge') return send(200, { challenge: '20250625-CR-20F5EE4000-DA48AE4124-46', timestamp: '2025-06-25T10:00:00.123Z', timestampMs: 1750845600123 })
        if (req.url === '/auth/ksef-token') {
          seen.token = decrypt(body.encryptedToken).toString()
          if (body.contextIdentifier?.value !== '5252248481') return send(400, {})
          return send(202, { referenceNumber: 'AUTH-1', authenticationToken: { token: 'AUTH-TOKEN', validUntil: '' } })
        }
        if (req.url === '/auth/AUTH-1') return send(200, { status: { code: ++polls < 2 ? 100 : 200 } })
        if (req.url === '/auth/token/redeem') return send(200, { accessToken: { token: 'ACCESS', validUntil: '' }, refreshToken: { token: 'R', validUntil: '' } })
        if (req.url === '/sessions/online') {
          if (body.formCode?.systemCode !== 'FA (3)') return send(400, {})
          aes = { key: decrypt(body.encryption.encryptedSymmetricKey), iv: Buffer.from(body.encryption.initializationVector, 'base64') }
          return send(201, { referenceNumber: 'SESSION-1', validUntil: '' })
        }
        if (req.url === '/sessions/online/SESSION-1/invoices') {
          const enc = Buffer.from(body.encryptedInvoiceContent, 'base64')
          const d = createDecipheriv('aes-256-cbc', aes!.key, aes!.iv)
          const plain = Buffer.concat([d.update(enc), d.final()])
          const h = (b: Buffer) => createHash('sha256').update(b).digest('base64')
          if (h(plain) !== body.invoiceHash || plain.length !== body.invoiceSize || h(enc) !== body.encryptedInvoiceHash || enc.length !== body.encryptedInvoiceSize) return send(400, {})
          seen.xml = plain.toString()
          return send(202, { referenceNumber: 'INVOICE-1' })
        }
        if (req.url === '/sessions/online/SESSION-1/close') { seen.closed = true; return send(204, null) }
        return send(404, {})
      })
    })
    server.listen(0, '127.0.0.1')
    await new Promise((r) => server.once('listening', r))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => close())

  it('authenticates with the encrypted token, sends the AES-encrypted invoice with its hashes, closes the session', async () => {
    const client = new KsefClient({ url, token: 'ksef-token-secret', nip: '5252248481' }, async () => {})
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/"><P_2>2026/A1 żółć</P_2></Faktura>\n'
    expect(await client.send(xml)).toEqual({ sessionReference: 'SESSION-1', invoiceReference: 'INVOICE-1' })
    expect(seen.token).toBe('ksef-token-secret|1750845600123')
    expect(seen.xml).toBe(xml)
    expect(seen.closed).toBe(true)
    expect(seen.bearer).toContain('Bearer AUTH-TOKEN')
    expect(seen.bearer.at(-1)).toBe('Bearer ACCESS')
  })

  it('a refusal is a KsefError', async () => {
    const client = new KsefClient({ url, token: 't', nip: '1111111111' }, async () => {})
    await expect(client.send('<x/>')).rejects.toBeInstanceOf(KsefError)
  })
})
