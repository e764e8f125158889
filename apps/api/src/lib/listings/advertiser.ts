/**
 * Who advertises, as SQL over a listings row aliased `t` (the search's 'ogloszeniodawca' facet, decision 086, and the
 * summaries' `advertiser`): 'private' (a person), 'developer', or 'agency' (agencies, hotels): the owner's type, an
 * agent's by its company. `advertiserKind` in contracts is the same rule over two account types.
 */
export const ADVERTISER_SQL = (t: string) => `(select case coalesce(c.type, u.type) when 'user' then 'private' when 'developer' then 'developer'
  else 'agency' end from users u left join users c on c.id = u.agency_id where u.id = ${t}.user_id)`
