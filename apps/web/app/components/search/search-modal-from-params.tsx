import { placeById } from '@portal/contracts/catalogue/regions'
import { formFromParams } from '~/lib/search-form'
import { SearchModal } from './search-modal'

/**
 * The header's entry to the 'Wyszukiwanie' modal (loaded on demand): the form starts from the page's URL, its places
 * named as the page's loader names them (the region names come with this chunk, not with the first paint).
 */
export function SearchModalFromParams({ onClose, params }: { onClose: () => void; params: URLSearchParams }) {
  const ids = params.getAll('lokalizacje').concat(params.getAll('locations')).flatMap((v) => v.split(','))
  const places = ids.flatMap((raw) => {
    const x = placeById(raw)
    return x ? [{ id: x.id, label: x.label }] : []
  })
  return <SearchModal isOpen onClose={onClose} initial={formFromParams(params, places)} />
}
