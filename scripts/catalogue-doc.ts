// Writes docs/catalogue.md from the declarative catalogue, so the document cannot drift from the code.
// `tsx scripts/catalogue-doc.ts` rewrites it; the unit test in packages/contracts checks it is current.
import { writeFileSync } from 'node:fs'
import { renderCatalogueDoc } from '../packages/contracts/src/catalogue/doc.ts'

writeFileSync(new URL('../docs/catalogue.md', import.meta.url), renderCatalogueDoc())
console.log('docs/catalogue.md written')
