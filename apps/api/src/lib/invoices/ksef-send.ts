import { constants, createCipheriv, createHash, publicEncrypt, randomBytes, X509Certificate, type KeyObject } from 'node:crypto'

/**
 * Sending FA(3) invoices to KSeF (API 2.0, interactive session), behind KSEF=on (off by default: decision 015).
 * Authentication with a KSeF token: POST /auth/challenge → POST /auth/ksef-token with "token|timestampMs" encrypted
 * RSA-OAEP/SHA-256 under the Ministry's KsefTokenEncryption key → poll GET /auth/{ref} → POST /auth/token/redeem.
 * Then POST /sessions/online (FA (3), 1-0E, with an AES-256 key encrypted under the SymmetricKeyEncryption key),
 * POST /sessions/online/{ref}/invoices (AES-256-CBC/PKCS#7 of the XML, SHA-256 hashes and sizes of both), and close.
 */
export interface KsefConfig { url: string; token: string; nip: string }
export interface KsefSent { sessionReference: string; invoiceReference: string }

export class KsefError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'KsefError'
  }
}

const sha256b64 = (b: Buffer) => createHash('sha256').update(b).digest('base64')
const oaep = (key: KeyObject, data: Buffer) => publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data)

export class KsefClient {
  private keys: Map<string, KeyObject> | null = null
  constructor(private readonly cfg: KsefConfig, private readonly sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {}

  private async call<T>(method: string, path: string, body?: unknown, bearer?: string): Promise<T> {
    let res: Response
    try {
      res = await fetch(`${this.cfg.url}${path}`, {
        method, signal: AbortSignal.timeout(30_000),
        headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}), ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
    } catch (err) {
      throw new KsefError(`${method} ${path}: ${(err as Error).message}`)
    }
    const text = await res.text()
    if (!res.ok) throw new KsefError(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`)
    return (text ? JSON.parse(text) : {}) as T
  }

  /** The Ministry's public keys by usage (KsefTokenEncryption, SymmetricKeyEncryption). */
  private async key(usage: 'KsefTokenEncryption' | 'SymmetricKeyEncryption'): Promise<KeyObject> {
    if (!this.keys) {
      const certs = await this.call<{ certificate: string; usage: string[]; validTo?: string }[]>('GET', '/security/public-key-certificates')
      this.keys = new Map()
      for (const c of certs) {
        if (c.validTo && new Date(c.validTo).getTime() < Date.now()) continue
        const key = new X509Certificate(Buffer.from(c.certificate, 'base64')).publicKey
        for (const u of c.usage) if (!this.keys.has(u)) this.keys.set(u, key)
      }
    }
    const k = this.keys.get(usage)
    if (!k) throw new KsefError(`no public key for ${usage}`)
    return k
  }

  async accessToken(): Promise<string> {
    const ch = await this.call<{ challenge: string; timestamp: string; timestampMs?: number }>('POST', '/auth/challenge')
    const ms = ch.timestampMs ?? new Date(ch.timestamp).getTime()
    const encryptedToken = oaep(await this.key('KsefTokenEncryption'), Buffer.from(`${this.cfg.token}|${ms}`)).toString('base64')
    const init = await this.call<{ referenceNumber: string; authenticationToken: { token: string } }>('POST', '/auth/ksef-token', {
      challenge: ch.challenge, contextIdentifier: { type: 'Nip', value: this.cfg.nip }, encryptedToken,
    })
    const auth = init.authenticationToken.token
    for (let i = 0; ; i++) {
      const st = await this.call<{ status: { code: number; description?: string } }>('GET', `/auth/${init.referenceNumber}`, undefined, auth)
      if (st.status.code === 200) break
      if (st.status.code >= 400 || i >= 20) throw new KsefError(`authentication: ${st.status.code} ${st.status.description ?? ''}`)
      await this.sleep(500)
    }
    const tokens = await this.call<{ accessToken: { token: string } }>('POST', '/auth/token/redeem', undefined, auth)
    return tokens.accessToken.token
  }

  async send(xml: string): Promise<KsefSent> {
    const access = await this.accessToken()
    const aesKey = randomBytes(32)
    const iv = randomBytes(16)
    const session = await this.call<{ referenceNumber: string }>('POST', '/sessions/online', {
      formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
      encryption: { encryptedSymmetricKey: oaep(await this.key('SymmetricKeyEncryption'), aesKey).toString('base64'), initializationVector: iv.toString('base64') },
    }, access)
    const plain = Buffer.from(xml, 'utf8')
    const cipher = createCipheriv('aes-256-cbc', aesKey, iv)
    const encrypted = Buffer.concat([cipher.update(plain), cipher.final()])
    const sent = await this.call<{ referenceNumber: string }>('POST', `/sessions/online/${session.referenceNumber}/invoices`, {
      invoiceHash: sha256b64(plain), invoiceSize: plain.length,
      encryptedInvoiceHash: sha256b64(encrypted), encryptedInvoiceSize: encrypted.length,
      encryptedInvoiceContent: encrypted.toString('base64'),
    }, access)
    await this.call('POST', `/sessions/online/${session.referenceNumber}/close`, undefined, access)
    return { sessionReference: session.referenceNumber, invoiceReference: sent.referenceNumber }
  }
}
