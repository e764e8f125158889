import { formFromParams } from '~/lib/search-form'
import { SearchModal } from './search-modal'

/** The header's entry to the 'Wyszukiwanie' modal (loaded on demand): the form starts from the page's URL. */
export function SearchModalFromParams({ onClose, params }: { onClose: () => void; params: URLSearchParams }) {
  return <SearchModal isOpen onClose={onClose} initial={formFromParams(params)} />
}
