import { AUTH_MESSAGES } from '@portal/contracts/plain/auth'

// Apart from lib/auth.tsx (every page's provider) so the auth messages load with the login form (decision 040).
/** Spec §4 messages for a failed login, by status. */
export function loginFailureMessage(status: number, body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message
  const text = typeof message === 'string' && message.trim() ? message : undefined
  if (status === 401) return text ?? AUTH_MESSAGES.badCredentials
  if (status === 403) return text ?? AUTH_MESSAGES.notVerified
  if (status === 429) return text ?? AUTH_MESSAGES.tooManyAttempts
  return text && status < 500 ? text : 'Wystąpił problem, spróbuj ponownie'
}
