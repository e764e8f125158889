// One file per call with real upload progress (fetch has no upload progress; XMLHttpRequest does), the XSRF
// header like lib/api.ts, and the API's 422 message handed back for the file's row.
import { XSRF_COOKIE, XSRF_HEADER, CSRF_COOKIE_PATH } from './api-client'
import { readCookie } from './cookies'

export interface UploadResult<T> { ok: true; data: T }
export interface UploadFailure { ok: false; status: number; message: string }

async function token(): Promise<string | null> {
  let t = readCookie(XSRF_COOKIE)
  if (!t) {
    await fetch(CSRF_COOKIE_PATH, { credentials: 'include', headers: { Accept: 'application/json' } }).catch(() => undefined)
    t = readCookie(XSRF_COOKIE)
  }
  return t
}

function messageOf(status: number, body: unknown): string {
  const b = body as { message?: string; errors?: Record<string, string[]> } | null
  const first = b?.errors ? Object.values(b.errors).flat()[0] : undefined
  if (first) return first
  if (status === 413) return 'Plik jest za duży. Maksymalny rozmiar to 15 MB'
  if (status === 0) return 'Brak połączenia. Spróbuj ponownie.'
  return b?.message ?? 'Nie udało się wysłać pliku. Spróbuj ponownie.'
}

export async function uploadFile<T>(url: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadResult<T> | UploadFailure> {
  const xsrf = await token()
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.withCredentials = true
    xhr.setRequestHeader('Accept', 'application/json')
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf)
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total)
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = null
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve({ ok: true, data: body as T })
      else resolve({ ok: false, status: xhr.status, message: messageOf(xhr.status, body) })
    }
    xhr.onerror = () => resolve({ ok: false, status: 0, message: messageOf(0, null) })
    xhr.onabort = () => resolve({ ok: false, status: 0, message: 'Przerwano wysyłanie.' })
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
}
