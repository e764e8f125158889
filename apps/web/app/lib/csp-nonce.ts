import { createContext, useContext } from 'react'

/**
 * The per-response CSP nonce (the server's Content-Security-Policy allows scripts carrying it instead of
 * 'unsafe-inline'). entry.server provides it; in the browser it is empty (browsers hide nonces from the DOM and
 * scripts added after hydration are modules from 'self').
 */
export const NonceContext = createContext<string | undefined>(undefined)

export const useNonce = () => useContext(NonceContext)
