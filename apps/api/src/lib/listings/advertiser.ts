/**
 * Who advertises, as SQL over a listings row aliased `t` (the search's 'ogloszeniodawca' facet, decision 086, and the
 * summaries' `advertiser`): 'private' (a person), 'developer', or 'agency' (agencies, hotels): the owner's type, an
 * agent's by its company. Since decision 101 a column of the listing kept by triggers (`listing_advertiser`, migration
 * 0037), so the search's covering indexes carry it. `advertiserKind` in contracts is the same rule over two account types.
 */
export const ADVERTISER_SQL = (t: string) => `${t}.advertiser`
