import { eq } from 'drizzle-orm'
import { MORTGAGE_DEFAULTS, type MortgageRates, type MortgageRatesInput } from '@portal/contracts/prices'
import { mortgageSettings, perHandle, type DbHandle } from '@portal/db'
import { audit, type Actor } from '../admin/audit.ts'
import { inTransaction } from '../http/transaction.ts'

/** Read by every sale listing's page: prepared once per database handle. */
const settingsRow = perHandle((db) => db.select().from(mortgageSettings).where(eq(mortgageSettings.id, 1)).prepare('mortgage_settings_row'))

/**
 * The mortgage calculator's rates (issue 26): reference rate + margin, set by staff; no outside feed. One row (id 1);
 * MORTGAGE_DEFAULTS until the first change.
 */
export async function mortgageRates(db: DbHandle): Promise<MortgageRates> {
  const [row] = await settingsRow(db.db).execute()
  const ref = row?.referenceRateBp ?? MORTGAGE_DEFAULTS.referenceRateBp
  const margin = row?.marginBp ?? MORTGAGE_DEFAULTS.marginBp
  return { reference_rate_pct: ref / 100, margin_pct: margin / 100, rate_pct: (ref + margin) / 100, updated_at: row?.updatedAt.toISOString() ?? null }
}

export async function updateMortgageRates(db: DbHandle, actor: Actor, input: MortgageRatesInput): Promise<MortgageRates> {
  await inTransaction(db, async (tx) => {
    const before = await mortgageRates(tx)
    const values = { referenceRateBp: Math.round(input.reference_rate_pct * 100), marginBp: Math.round(input.margin_pct * 100), updatedAt: new Date() }
    await tx.db.insert(mortgageSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: mortgageSettings.id, set: values })
    await audit(tx, actor, {
      action: 'mortgage.update', targetType: 'settings', targetId: null,
      before: { reference_rate_pct: before.reference_rate_pct, margin_pct: before.margin_pct }, after: input,
    })
  })
  return mortgageRates(db)
}
