import type { Page, Request } from '@playwright/test'
import { expect } from '../fixtures'

/**
 * Waits until no request but those matching `held` has been in flight for half a second: the page's other idle parts
 * (requested at the same idle moment) loaded and hydrated, so going offline fails only the held chunk (the offline
 * banner's own chunk, or a part's route-manifest request, failing offline made these tests flaky).
 */
export function quiet(page: Page) {
  const inflight = new Set<Request>()
  page.on('request', (r) => inflight.add(r))
  page.on('requestfinished', (r) => inflight.delete(r))
  page.on('requestfailed', (r) => inflight.delete(r))
  return async (held: RegExp) => {
    let since = Date.now()
    await expect.poll(() => {
      if ([...inflight].some((r) => !held.test(r.url()))) since = Date.now()
      return Date.now() - since
    }, { intervals: [100] }).toBeGreaterThan(500)
  }
}

/** Matches no URL: `quiet` then waits for every request. */
export const NOTHING = /(?!)/
