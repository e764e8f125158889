import { AUDIT_ACTION_LABELS, type AuditEntry } from '@portal/contracts/admin'
import { formatDateTime } from './admin-ui'

const TARGET_HREF: Record<string, (id: string) => string> = {
  user: (id) => `/admin/uzytkownicy/${id}`,
}

function Diff({ value }: { value: Record<string, unknown> | null }) {
  if (!value) return <span className="text-slate-400">—</span>
  return <pre className="max-w-[40ch] overflow-x-auto whitespace-pre-wrap break-words text-xs text-slate-700">{JSON.stringify(value, null, 1)}</pre>
}

/** Audit rows: when, who, what, on which record, before → after. Cards on phones, a table from md up. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-card">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600 max-md:hidden">
          <tr><th className="px-3 py-2">Kiedy</th><th className="px-3 py-2">Kto</th><th className="px-3 py-2">Co</th><th className="px-3 py-2">Przed</th><th className="px-3 py-2">Po</th></tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((e) => {
            const href = e.target_id && TARGET_HREF[e.target_type]?.(e.target_id)
            return (
              <tr key={e.id} data-audit={e.action} className="align-top max-md:flex max-md:flex-col max-md:gap-1 max-md:px-3 max-md:py-3">
                <td className="px-3 py-2 whitespace-nowrap text-slate-600 max-md:p-0">{formatDateTime(e.created_at)}</td>
                <td className="px-3 py-2 max-md:p-0">{e.actor_email}</td>
                <td className="px-3 py-2 max-md:p-0">
                  <span className="font-semibold text-slate-900">{AUDIT_ACTION_LABELS[e.action] ?? e.action}</span>
                  <span className="block text-slate-600">
                    {e.target_type} {href ? <a className="text-accent-700 hover:underline" href={href}>#{e.target_id}</a> : e.target_id ? `#${e.target_id}` : ''}
                  </span>
                  {e.note && <span className="block text-slate-700">„{e.note}”</span>}
                </td>
                <td className="px-3 py-2 max-md:p-0"><span className="text-xs font-semibold text-slate-500 md:hidden">Przed: </span><Diff value={e.before} /></td>
                <td className="px-3 py-2 max-md:p-0"><span className="text-xs font-semibold text-slate-500 md:hidden">Po: </span><Diff value={e.after} /></td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
