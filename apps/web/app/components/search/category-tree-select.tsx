import { useMemo } from 'react'
import { searchTree, selectionFromSlugs, selectionLabel } from '~/lib/search-tree'
import { lazyPart, StandInButton, useLazyPart } from '../lazy-part'
import { fieldLabel } from './controls'
import { TreeTriggerContent, treeTrigger, type TreeTriggerState } from './category-tree-trigger'

const popoverPart = lazyPart(() => import('./category-tree-popover').then((m) => m.CategoryTreePopover))

/**
 * The category dropdown: a tree of checkboxes with the rules of spec §4 (a parent selects all its children,
 * unchecking a child drops the parent's mark, a parent is checked when all its children are). Value and
 * onChange speak the compact `kategoria` list. First paint has only its button; the popover
 * (category-tree-popover.tsx) loads on hover or focus and opens on the first press.
 */
export function CategoryTreeSelect({ value, onChange, label = 'Kategoria', className = '' }: {
  value: string[]
  onChange: (slugs: string[]) => void
  label?: string
  className?: string
}) {
  const tree = useMemo(searchTree, [])
  const selected = useMemo(() => selectionFromSlugs(tree, value), [tree, value])
  const state: TreeTriggerState = { tree, selected, label, value, text: selectionLabel(tree, selected, undefined, value) }
  const { Real, initialOpen, prefetch, open } = useLazyPart(popoverPart)

  return (
    <div className={className}>
      <span className={fieldLabel} aria-hidden="true">
        {label}
      </span>
      {Real ? (
        <Real state={state} onChange={onChange} initialOpen={initialOpen} />
      ) : (
        <StandInButton {...treeTrigger(state)} aria-haspopup="dialog" aria-expanded={false} onPrefetch={prefetch} onOpen={open}>
          <TreeTriggerContent state={state} />
        </StandInButton>
      )}
    </div>
  )
}
