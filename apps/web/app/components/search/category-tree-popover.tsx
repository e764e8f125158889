import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components'
import { isChecked, isIndeterminate, slugsFromSelection, toggleNode, type TreeNode } from '~/lib/search-tree'
import { useOpenOnMount } from '../lazy-part'
import { TreeTriggerContent, treeTrigger, type TreeTriggerState } from './category-tree-trigger'

function Box({ node, selected, onToggle, child = false }: { node: TreeNode; selected: Set<string>; onToggle: (slug: string, on: boolean) => void; child?: boolean }) {
  const checked = isChecked(selected, node)
  const mixed = isIndeterminate(selected, node)
  return (
    <label className={`flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2 text-[15px] hover:bg-slate-50 ${child ? 'pl-8 text-slate-700' : 'font-medium text-slate-900'}`}>
      <input
        type="checkbox"
        checked={checked}
        aria-checked={mixed ? 'mixed' : checked}
        ref={(el) => {
          if (el) el.indeterminate = mixed
        }}
        onChange={(e) => onToggle(node.slug, e.target.checked)}
        className="size-[18px] cursor-pointer accent-accent-600"
      />
      {node.label}
    </label>
  )
}

/** The category tree's popover with its trigger, loaded on demand by <CategoryTreeSelect/>. */
export function CategoryTreePopover({ state, onChange, initialOpen = false }: {
  state: TreeTriggerState
  onChange: (slugs: string[]) => void
  initialOpen?: boolean
}) {
  const { tree, selected, label, value } = state
  const { trigger, isOpen, setOpen } = useOpenOnMount<HTMLButtonElement>(initialOpen)
  const toggle = (slug: string, on: boolean) => onChange(slugsFromSelection(tree, toggleNode(tree, selected, slug, on)))
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button ref={trigger} {...treeTrigger(state)}>
        <TreeTriggerContent state={state} />
      </Button>
      <Popover placement="bottom start" className="w-[min(340px,calc(100vw-32px))] rounded-2xl border border-slate-200 bg-white shadow-card-hover outline-none data-[entering]:animate-toast-in">
        <Dialog aria-label={label} className="max-h-[min(420px,60vh)] overflow-y-auto p-2 outline-none">
          <ul>
            {tree.map((n) => (
              <li key={n.slug}>
                <Box node={n} selected={selected} onToggle={toggle} />
                {n.children.length > 0 && (
                  <ul>
                    {n.children.map((c) => (
                      <li key={c.slug}>
                        <Box node={c} selected={selected} onToggle={toggle} child />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {value.length > 0 && (
            <button type="button" onClick={() => onChange([])} className="mt-1 w-full cursor-pointer rounded-lg px-2 py-2 text-left text-sm font-semibold text-accent-700 hover:bg-accent-50">
              Wyczyść wybór
            </button>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  )
}
