import { useEffect, useState } from 'react'
import type { SearchPlace } from '~/lib/search-location'
import { formFromParams } from '~/lib/search-form'
import { SearchModal } from './search-modal'

/**
 * The header's entry to the 'Wyszukiwanie' modal (loaded on demand): the form starts from the page's URL, its places
 * named as the page's loader names them. The region names (~50 KB) load only when the URL has places.
 */
export function SearchModalFromParams({ onClose, params }: { onClose: () => void; params: URLSearchParams }) {
  const ids = params.getAll('lokalizacje').concat(params.getAll('locations')).flatMap((v) => v.split(',')).filter(Boolean)
  const [places, setPlaces] = useState<SearchPlace[] | null>(ids.length ? null : [])
  useEffect(() => {
    if (!ids.length) return
    import('@portal/contracts/catalogue/regions').then(
      ({ placeById }) => setPlaces(ids.flatMap((raw) => {
        const x = placeById(raw)
        return x ? [{ id: x.id, label: x.label }] : []
      })),
      () => setPlaces([]),
    )
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  if (!places) return null
  return <SearchModal isOpen onClose={onClose} initial={formFromParams(params, places)} />
}
