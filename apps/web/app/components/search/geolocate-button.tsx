import { useState } from 'react'
import { api } from '~/lib/api'
import { GEOLOCATION_OPTIONS, toPicked, usableLocations, userLocationCookie, type PickedLocation } from '~/lib/search-location'

function CrosshairIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="12" r="7" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </svg>
  )
}

/**
 * "Use my location": the browser's position (5 s, high accuracy, spec §9), reverse-geocoded by the API, stored in
 * the one-day user-location cookie. A failure is only logged (spec §8).
 */
export function GeolocateButton({ onLocated }: { onLocated: (l: PickedLocation) => void }) {
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      aria-label="Użyj mojej lokalizacji"
      title="Użyj mojej lokalizacji"
      disabled={busy}
      onClick={() => {
        if (!('geolocation' in navigator)) {
          console.info('[geolocation] not supported')
          return
        }
        setBusy(true)
        navigator.geolocation.getCurrentPosition(
          async (pos) => {
            try {
              const { latitude: lat, longitude: lon } = pos.coords
              const res = await api.get<unknown>(`/api/locations/reverse?lat=${lat}&lon=${lon}`, { silent: true })
              const found = usableLocations(Array.isArray(res) ? res : [res])
              const picked = found[0] ? { ...toPicked(found[0]), lat, lon } : { lat, lon, display_name: 'Moja lokalizacja' }
              document.cookie = userLocationCookie([picked])
              onLocated(picked)
            } catch (err) {
              console.info('[geolocation] reverse lookup failed', err)
            } finally {
              setBusy(false)
            }
          },
          (err) => {
            console.info('[geolocation] failed', err.message)
            setBusy(false)
          },
          GEOLOCATION_OPTIONS,
        )
      }}
      className="inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-accent-50 hover:text-accent-700 disabled:cursor-wait disabled:opacity-60"
    >
      <CrosshairIcon />
    </button>
  )
}
