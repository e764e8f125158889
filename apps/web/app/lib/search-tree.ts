// The category tree of the search (spec §4): selecting a parent selects all its children; unchecking a child
// removes the parent's mark; a parent counts as checked when all its children are. Pure, on URL slugs.
//
// The tree is written here rather than derived from @portal/contracts/catalogue: the search's category button is on
// the first paint of home and /szukaj, and the catalogue (attributes, demo data, price lists) is not (decision 040).
// search-web.test.ts compares it with the catalogue's categories.

export interface TreeNode {
  slug: string
  label: string
  children: TreeNode[]
}

type Row = [slug: string, label: string, children?: [string, string][]]
const TREE: Row[] = [
  ['mieszkanie', 'Mieszkanie'],
  ['dom', 'Dom', [['wolnostojacy', 'Wolnostojący'], ['blizniak', 'Bliźniak'], ['szeregowiec', 'Szeregowiec'], ['kamienica-dom', 'Kamienica'],
    ['jednorodzinny', 'Jednorodzinny'], ['dom-letniskowy', 'Letniskowy'], ['dom-inny', 'Inny']]],
  ['dom-modulowy', 'Dom modułowy', [['modulowy-metal', 'Metalowy'], ['modulowy-drewno', 'Drewniany'], ['inny-material', 'Inny materiał']]],
  ['lokal-uzytkowy', 'Lokal użytkowy', [['biuro', 'Biuro'], ['sklep', 'Sklep'], ['budynek-handlowo-uslugowy', 'Budynek handlowo-usługowy'],
    ['budynek-przemyslowy', 'Budynek przemysłowy'], ['stoisko', 'Stoisko'], ['lokal-inny', 'Inny']]],
  ['dzialka', 'Działka', [['budowlana', 'Budowlana'], ['rolnicza', 'Rolnicza'], ['rolniczo-budowlana', 'Rolniczo-budowlana'],
    ['siedliskowa', 'Siedliskowa'], ['rekreacyjna', 'Rekreacyjna'], ['dzialka-inna', 'Inna']]],
  ['kemping', 'Kemping'],
  ['domek-letniskowy', 'Domek letniskowy'],
  ['garaz', 'Garaż', [['murowany', 'Murowany'], ['metalowy', 'Blaszany'], ['drewniany', 'Drewniany'], ['garaz-wolnostojacy', 'Wolnostojący'],
    ['podziemny', 'W hali garażowej'], ['garaz-inny', 'Inny']]],
  ['parking', 'Parking'],
  ['pokoj', 'Pokój', [['z-lazienka', 'Z łazienką'], ['bez-lazienki', 'Bez łazienki'], ['pokoj-inny', 'Inny']]],
  ['magazyny', 'Magazyny i hale'],
  ['hotele-pensjonaty', 'Hotele i pensjonaty'],
]

/** Backend slugs that differ from the URL slug (the catalogue's `slug` → `urlSlug`). */
export const URL_SLUG_OF: Readonly<Record<string, string>> = {
  'kamienica-1': 'kamienica-dom', 'inne-1': 'dom-inny', metal: 'modulowy-metal', drewno: 'modulowy-drewno', 'inne-2': 'lokal-inny',
  inna: 'dzialka-inna', 'wolnostojacy-1': 'garaz-wolnostojacy', 'inna-1': 'garaz-inny', 'inna-2': 'pokoj-inny',
}

/** The whole tree (services have their own page and stay out of the property search). */
export function searchTree(): TreeNode[] {
  return TREE.map(([slug, label, children = []]) => ({ slug, label, children: children.map(([s, l]) => ({ slug: s, label: l, children: [] })) }))
}

function find(tree: TreeNode[], slug: string): { node: TreeNode; parent?: TreeNode } | undefined {
  for (const n of tree) {
    if (n.slug === slug) return { node: n }
    const child = n.children.find((c) => c.slug === slug)
    if (child) return { node: child, parent: n }
  }
  return undefined
}

/** A parent is checked when all its children are (or, without children, when it is selected itself). */
export function isChecked(selected: ReadonlySet<string>, n: TreeNode): boolean {
  return n.children.length ? n.children.every((c) => selected.has(c.slug)) : selected.has(n.slug)
}
/** Some but not all children: the parent's box shows a dash. */
export function isIndeterminate(selected: ReadonlySet<string>, n: TreeNode): boolean {
  return n.children.length > 0 && !isChecked(selected, n) && n.children.some((c) => selected.has(c.slug))
}

/** Checks or unchecks one node and returns the new selection. */
export function toggleNode(tree: TreeNode[], selected: ReadonlySet<string>, slug: string, checked: boolean): Set<string> {
  const next = new Set(selected)
  const hit = find(tree, slug)
  if (!hit) return next
  const { node: n, parent } = hit
  if (n.children.length) {
    for (const s of [n.slug, ...n.children.map((c) => c.slug)]) {
      if (checked) next.add(s)
      else next.delete(s)
    }
    return next
  }
  if (checked) next.add(n.slug)
  else next.delete(n.slug)
  if (parent) {
    if (!checked) next.delete(parent.slug)
    else if (parent.children.every((c) => next.has(c.slug))) next.add(parent.slug)
  }
  return next
}

/** Reads `kategoria` slugs (backend or URL slugs): a parent brings all its children. */
export function selectionFromSlugs(tree: TreeNode[], slugs: readonly string[]): Set<string> {
  let sel = new Set<string>()
  for (const raw of slugs) {
    const slug = URL_SLUG_OF[raw] ?? raw
    sel = toggleNode(tree, sel, slug, true)
  }
  return sel
}

/** The compact `kategoria` list: a fully checked parent stands for its children (the API expands it). */
export function slugsFromSelection(tree: TreeNode[], selected: ReadonlySet<string>): string[] {
  const out: string[] = []
  for (const n of tree) {
    if (isChecked(selected, n)) out.push(n.slug)
    else out.push(...n.children.filter((c) => selected.has(c.slug)).map((c) => c.slug))
  }
  return out
}

/** Categories the search tree leaves out (services have their own pages, /uslugi): their names for the label. */
const OUTSIDE_TREE: Record<string, string> = { uslugi: 'Usługi' }

/**
 * A short label for a button: 'Mieszkanie', 'Dom, Działka', 'Dom +2'. `value` (the `kategoria` list) names the
 * categories outside the tree, so /services/{city}'s panel says 'Usługi' as its chip does.
 */
export function selectionLabel(tree: TreeNode[], selected: ReadonlySet<string>, empty = 'Wszystkie kategorie', value: readonly string[] = []): string {
  const outside = value.flatMap((s) => (OUTSIDE_TREE[s] ? [OUTSIDE_TREE[s]] : []))
  const names = [...slugsFromSelection(tree, selected).map((s) => find(tree, s)?.node.label ?? s), ...outside]
  if (!names.length) return empty
  return names.length <= 2 ? names.join(', ') : `${names[0]} +${names.length - 1}`
}
