// The import rules of the repo (`npm run lint:deps`; also run by `npm test` in the `types` step).
// ARCHITECTURE.md ("Domains and the direction of imports") explains them; change both together.

/**
 * apps/api/src/lib/<domain>/ folders in layers: a domain imports only domains of lower layers (and its own folder).
 * A new domain goes into the layer above everything it uses; a lib folder missing here fails the check.
 */
const LAYERS = [
  ['http'],
  ['jobs', 'geo', 'media', 'accounts', 'invoices', 'notifications', 'newsletter'],
  ['listings', 'favorite-users'],
  ['search', 'favorites', 'content', 'admin', 'stats', 'duplicates', 'payments', 'reminders', 'investments', 'prices', 'watch'],
  ['people', 'moderation', 'saved-searches', 'cms'],
  ['messages', 'feeds'],
  ['viewings'],
]

const LIB = '^apps/api/src/lib/'
const known = LAYERS.flat()
const layerRules = LAYERS.flatMap((layer, i) =>
  layer.map((domain) => {
    const higher = LAYERS.slice(i).flat().filter((d) => d !== domain)
    return higher.length
      ? {
          name: `lib-${domain}-imports-lower-layers-only`,
          comment: `lib/${domain} may import only: ${LAYERS.slice(0, i).flat().join(', ') || 'no other domain'} (layers in .dependency-cruiser.cjs)`,
          severity: 'error',
          from: { path: `${LIB}${domain}/` },
          to: { path: `${LIB}(${higher.join('|')})/` },
        }
      : null
  }).filter(Boolean),
)

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'import cycles make load order and tests fragile', from: {}, to: { circular: true } },
    {
      name: 'lib-domain-not-in-layers',
      severity: 'error',
      comment: 'every apps/api/src/lib folder is a domain listed in LAYERS (.dependency-cruiser.cjs)',
      from: { path: `${LIB}(?!(${known.join('|')})/)[^/]+/` },
      to: {},
    },
    {
      name: 'lib-no-loose-files',
      severity: 'error',
      comment: 'apps/api/src/lib holds domain folders only',
      from: { path: `${LIB}[^/]+$` },
      to: {},
    },
    ...layerRules,
    {
      name: 'lib-not-to-routes-or-app',
      severity: 'error',
      comment: 'domain logic does not reach up into routes, plugins, the app or the server',
      from: { path: LIB },
      to: { path: '^apps/api/src/(routes|plugins|web)/|^apps/api/src/(app|server|boot|dev)\\.ts$' },
    },
    {
      name: 'web-only-contracts',
      severity: 'error',
      comment: 'web → contracts only (never the api or the database)',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/|^packages/db/' },
    },
    {
      name: 'contracts-depend-on-nothing-of-ours',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/|^packages/db/' },
    },
    {
      name: 'contracts-plain-imports-plain-only',
      severity: 'error',
      comment: "contracts/plain is what the web's first paint imports (issue 16): only other plain modules, the catalogue and formatting (no zod: plain.test.ts checks that, node_modules are not in this graph)",
      from: { path: '^packages/contracts/src/plain/' },
      to: { path: '^packages/contracts/src/(?!plain/|catalogue/|format\\.ts$|offer-video\\.ts$)' },
    },
    {
      name: 'db-not-to-apps',
      severity: 'error',
      from: { path: '^packages/db/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|dist|\\.react-router)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
}
