// Decision 102: a listing page from the server's shared cache (decision 099) shows nobody's part: no owner's bar, no
// heart of theirs, the views before their visit. A signed-in browser then asks GET /api/offers/:id/viewer for just
// that part, beside root's reload, instead of reloading the whole listing (similar listings, property group, rates).
import { startTransition, useEffect, useMemo, useState } from 'react'
import type { OfferViewer, PublicOffer } from '@portal/contracts/offer'
import { api } from './api'
import { onPersonalise } from './auth-revalidate'

/** The listing as this visitor sees it: `offer` with the viewer's part when it is this listing's and differs. */
export function withViewer<T extends Pick<PublicOffer, 'id' | 'is_owner' | 'is_favorite' | 'views'>>(offer: T, viewer: OfferViewer | null): T {
  const differs = viewer?.id === offer.id && (viewer.is_owner !== offer.is_owner || viewer.is_favorite !== offer.is_favorite || viewer.views !== offer.views)
  return differs ? { ...offer, ...viewer } : offer
}

/**
 * `offer` (the loader's), patched with the visitor's part when the page came from the shared cache to a signed-in
 * browser. Guests and pages rendered for the visitor (their loader already knew them) ask nothing.
 */
export function useOfferForViewer(offer: PublicOffer): PublicOffer {
  const [mine, setMine] = useState<{ of: PublicOffer; viewer: OfferViewer } | null>(null)
  useEffect(() => onPersonalise(() => {
    api.get<OfferViewer>(`/api/offers/${offer.id}/viewer`, { silent: true })
      // Late, as root's reload is: a transition, so parts still waiting for their code keep the server's HTML (decision 040).
      .then((viewer) => startTransition(() => setMine({ of: offer, viewer })))
      // Not answered (offline, the listing hidden meanwhile): the page stays as everybody's.
      .catch(() => undefined)
  }), [offer])
  return useMemo(() => (mine?.of === offer ? withViewer(offer, mine.viewer) : offer), [offer, mine])
}
