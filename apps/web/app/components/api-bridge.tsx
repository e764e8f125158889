import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { api } from '~/lib/api'
import { useToastStore } from '~/lib/toast'

/** Connects the browser API client to React Router's navigation and the toast store, and exposes it for tests. */
export function ApiBridge() {
  const navigate = useNavigate()
  const store = useToastStore()
  useEffect(() => {
    api.configure({ navigate: (to) => navigate(to), toast: (t) => store.show(t) })
    window.__portalApi = api
  }, [navigate, store])
  return null
}
