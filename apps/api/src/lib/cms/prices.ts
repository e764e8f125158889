import { asc, eq } from 'drizzle-orm'
import { promotionAddons, promotionPackages, type DbHandle } from '@portal/db'
import { PRICE_MESSAGES, type AdminPrices } from '@portal/contracts/cms'
import { splitGross, VAT_RATE } from '@portal/contracts/payments'
import { audit, type Actor } from '../admin/audit.ts'
import { fieldError } from '../http/errors.ts'
import { inTransaction } from '../http/transaction.ts'

/**
 * Settings: the promotion price list (packages and add-ons, gross integer grosze). Only the prices change here;
 * what a package contains stays with payments (decision 023). /promocje and every bill read these rows on each
 * request (lib/listings/promotion.ts priceList), so a new price applies at once; payments already created keep
 * the amount they were created with.
 */
const FREE_PACKAGE_ID = 1

export async function adminPrices(db: DbHandle, editable: boolean): Promise<AdminPrices> {
  const [packages, addons] = await Promise.all([
    db.db.select().from(promotionPackages).orderBy(asc(promotionPackages.position)),
    db.db.select().from(promotionAddons).orderBy(asc(promotionAddons.position)),
  ])
  return {
    vat_rate: VAT_RATE, editable,
    packages: packages.map((p) => ({ id: p.id, name: p.name, duration_days: p.durationDays, price: p.price, ...splitGross(p.price) })),
    addons: addons.map((a) => ({ key: a.key, name: a.name, price: a.price, ...splitGross(a.price) })),
  }
}

export async function updatePrices(db: DbHandle, actor: Actor, input: { packages: Array<{ id: number; price: number }>; addons: Array<{ key: string; price: number }> }): Promise<void> {
  await inTransaction(db, async (tx) => {
    const packages = await tx.db.select().from(promotionPackages).for('update')
    const addons = await tx.db.select().from(promotionAddons).for('update')
    const before: Record<string, number> = {}
    const after: Record<string, number> = {}
    for (const [i, p] of input.packages.entries()) {
      const row = packages.find((r) => r.id === p.id)
      if (!row) throw fieldError(`packages.${i}.id`, PRICE_MESSAGES.unknownItem)
      if (row.id === FREE_PACKAGE_ID && p.price !== 0) throw fieldError(`packages.${i}.price`, PRICE_MESSAGES.freeStaysFree)
      if (row.price === p.price) continue
      before[`package:${row.slug}`] = row.price
      after[`package:${row.slug}`] = p.price
      await tx.db.update(promotionPackages).set({ price: p.price }).where(eq(promotionPackages.id, row.id))
    }
    for (const [i, a] of input.addons.entries()) {
      const row = addons.find((r) => r.key === a.key)
      if (!row) throw fieldError(`addons.${i}.key`, PRICE_MESSAGES.unknownItem)
      if (row.price === a.price) continue
      before[`addon:${row.key}`] = row.price
      after[`addon:${row.key}`] = a.price
      await tx.db.update(promotionAddons).set({ price: a.price }).where(eq(promotionAddons.key, row.key))
    }
    if (Object.keys(after).length) await audit(tx, actor, { action: 'prices.update', targetType: 'prices', targetId: null, before, after })
  })
}
