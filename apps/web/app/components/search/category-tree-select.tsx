import { useMemo } from 'react'
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components'
import { isChecked, isIndeterminate, searchTree, selectionFromSlugs, selectionLabel, slugsFromSelection, toggleNode, type TreeNode } from '~/lib/search-tree'
import { ChevronDownIcon } from '../icons'
import { fieldBox, fieldLabel } from './controls'

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

/**
 * The category dropdown: a tree of checkboxes with the rules of spec §4 (a parent selects all its children,
 * unchecking a child drops the parent's mark, a parent is checked when all its children are). Value and
 * onChange speak the compact `kategoria` list.
 */
export function CategoryTreeSelect({ value, onChange, label = 'Kategoria', className = '' }: {
  value: string[]
  onChange: (slugs: string[]) => void
  label?: string
  className?: string
}) {
  const tree = useMemo(searchTree, [])
  const selected = useMemo(() => selectionFromSlugs(tree, value), [tree, value])
  const toggle = (slug: string, on: boolean) => onChange(slugsFromSelection(tree, toggleNode(tree, selected, slug, on)))
  const text = selectionLabel(tree, selected)

  return (
    <div className={className}>
      <span className={fieldLabel} aria-hidden="true">
        {label}
      </span>
      <DialogTrigger>
        <Button aria-label={`${label}: ${text}`} className={`${fieldBox} flex cursor-pointer items-center justify-between gap-2 text-left outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent-600`}>
          <span className={`truncate ${value.length ? '' : 'text-slate-600'}`}>{text}</span>
          <ChevronDownIcon size={18} className="shrink-0 text-slate-500" />
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
    </div>
  )
}
