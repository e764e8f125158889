import { sql, type SQL } from 'drizzle-orm'
import { rowsOf, type DbHandle } from '@portal/db'
import type { InvestmentGroup } from '@portal/contracts/investments'

/** Investments shown above a primary-market search (the most matching units first). */
export const INVESTMENT_GROUPS_MAX = 6

/**
 * A search's matching units grouped by their investment ('12 mieszkań w inwestycji Zielone Tarasy, od 9 800 zł/m²').
 * It starts from investment_units, a small table, and tests the search's conditions on their listings only, so its
 * cost follows the number of units, not of listings.
 */
export async function investmentGroups(db: DbHandle, where: SQL): Promise<InvestmentGroup[]> {
  const rows = rowsOf<{ slug: string; name: string; city: string; district: string | null; units: number; flats: boolean; min_price: string | number; min_m2: string | number | null }>(
    await db.db.execute(sql`
      select i.slug, i.name, i.city, i.district, count(*)::int as units, bool_and(l.category_id = 1) as flats,
        min(l.price) as min_price, min(l.price_per_m2) as min_m2
      from investment_units u
      join listings l on l.id = u.listing_id
      join investments i on i.id = u.investment_id
      where ${where}
      group by i.id
      order by count(*) desc, i.id
      limit ${INVESTMENT_GROUPS_MAX}`))
  return rows.map((r) => ({
    slug: r.slug, name: r.name, city: r.city, district: r.district, units: Number(r.units), flats: r.flats === true || String(r.flats) === 't',
    min_price: Number(r.min_price), min_price_per_m2: r.min_m2 === null ? null : Number(r.min_m2),
  }))
}
