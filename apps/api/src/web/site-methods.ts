import { matchRoutes, type ServerBuild } from 'react-router'

interface RouteNode { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] }

const trees = new WeakMap<ServerBuild['routes'], RouteNode[]>()

function treeOf(routes: ServerBuild['routes']): RouteNode[] {
  let tree = trees.get(routes)
  if (tree) return tree
  const byParent = new Map<string | undefined, Array<NonNullable<ServerBuild['routes'][string]>>>()
  for (const r of Object.values(routes)) {
    if (!r) continue
    const list = byParent.get(r.parentId) ?? []
    list.push(r)
    byParent.set(r.parentId, list)
  }
  const make = (parentId: string | undefined): RouteNode[] => (byParent.get(parentId) ?? []).map((r) => ({
    id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive,
    children: r.index ? undefined : make(r.id),
  }))
  tree = make(undefined)
  trees.set(routes, tree)
  return tree
}

/**
 * Whether React Router has an action for an unsafe request (POST, PUT, PATCH, DELETE) to `pathname`: any route
 * of the match with an `action`. Without one React Router answers 405 too, but logs a stack trace for each:
 * ssr.ts answers those 405 itself, quietly. Single-fetch data requests (`/x.data`, `/_root.data`) count as `/x`.
 */
export function siteAcceptsUnsafe(build: ServerBuild, pathname: string): boolean {
  let path = pathname
  if (path === '/_root.data') path = '/'
  else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length)
  let decoded = path
  try { decoded = decodeURI(path) } catch { return false }
  const matches = matchRoutes(treeOf(build.routes) as never, decoded) as Array<{ route: RouteNode }> | null
  if (!matches) return false
  return matches.some((m) => typeof build.routes[m.route.id]?.module?.action === 'function')
}
