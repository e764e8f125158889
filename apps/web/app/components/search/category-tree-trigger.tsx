import type { TreeNode } from '~/lib/search-tree'
import { ChevronDownIcon } from '../icons'
import { fieldBox } from './controls'

// The category dropdown's button, shared by the first-paint look-alike (category-tree-select.tsx) and the loaded
// popover's trigger (category-tree-popover.tsx), so swapping one for the other moves nothing.
export interface TreeTriggerState {
  tree: TreeNode[]
  selected: Set<string>
  label: string
  value: string[]
  text: string
}

export function treeTrigger({ label, text }: TreeTriggerState) {
  return {
    'aria-label': `${label}: ${text}`,
    className: `${fieldBox} flex cursor-pointer items-center justify-between gap-2 text-left outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent-600 focus-visible:outline-2 focus-visible:outline-accent-600`,
  }
}

export function TreeTriggerContent({ state }: { state: TreeTriggerState }) {
  return (
    <>
      <span className={`truncate ${state.value.length ? '' : 'text-slate-600'}`}>{state.text}</span>
      <ChevronDownIcon size={18} className="shrink-0 text-slate-500" />
    </>
  )
}
