// Accessibility check with axe-core: no 'serious' or 'critical' violation on the page as it stands.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  expect(await seriousA11yViolations(page, label)).toEqual([])
}

/** The serious and critical violations on the page, one line each, named by `label`. */
export async function seriousA11yViolations(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    // Only the violations in full: axe still runs every rule of the tags below, but builds a selector for one passing,
    // incomplete or inapplicable node per rule instead of for every node of the page (nothing here reads those; the
    // violations list is the same). Before withTags, which adds its runOnly to this object.
    .options({ resultTypes: ['violations'] })
    // react-aria's LiveAnnouncer: a visually hidden live region whose transient role=img nodes point at a label that
    // is already gone (a closed menu's), not content of ours.
    .exclude('[data-live-announcer]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  return bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 200)}`).join(' | ')}`)
}
