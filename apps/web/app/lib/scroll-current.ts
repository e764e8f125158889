import { useEffect, useRef } from 'react'

/**
 * A row of tabs that scrolls sideways on a phone (account, admin, my listings' statuses, the add-listing steps) shows
 * its current item: the row starts at its first tab, so the page a person was on (e.g. 'Historia płatności', the
 * account's sixth tab) sat cut off at the edge. Only the row scrolls, never the page (scrollIntoView would), and only
 * when the item is not wholly in view; it then comes to the middle. `key` changes when the current item does.
 */
export function useCurrentInView<E extends HTMLElement>(key: unknown) {
  const ref = useRef<E>(null)
  useEffect(() => {
    const row = ref.current
    const item = row?.querySelector<HTMLElement>('[aria-current]:not([aria-current="false"])')
    if (!row || !item || row.scrollWidth <= row.clientWidth) return
    const r = row.getBoundingClientRect()
    const i = item.getBoundingClientRect()
    if (i.left >= r.left && i.right <= r.right) return
    row.scrollLeft += i.left - r.left - (r.width - i.width) / 2
  }, [key])
  return ref
}
