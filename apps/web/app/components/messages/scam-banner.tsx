import { SCAM_REASON_LABELS, SCAM_WARNING, type ScamReason } from '@portal/contracts/scam'
import { WarningIcon } from '../icons'

/** The scam guard's warning to the recipient, with what was found and what to do. */
export function ScamBanner({ reasons }: { reasons: readonly ScamReason[] }) {
  if (!reasons.length) return null
  return (
    <div role="alert" className="mt-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="flex items-center gap-2 font-bold"><WarningIcon size={20} className="shrink-0 text-amber-700" />{SCAM_WARNING.title}</p>
      <p className="mt-1 text-sm">Wykryto: {reasons.map((r) => SCAM_REASON_LABELS[r]).join(', ')}.</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {SCAM_WARNING.advice.map((a) => <li key={a}>{a}</li>)}
      </ul>
    </div>
  )
}
