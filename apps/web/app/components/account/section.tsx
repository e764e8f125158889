import { useId, type ReactNode } from 'react'

/** One card of the settings page, labelled by its h2. */
export function SettingsSection({
  title,
  description,
  children,
  tone = 'default',
}: {
  title: string
  description?: ReactNode
  children: ReactNode
  tone?: 'default' | 'danger'
}) {
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border bg-white p-5 shadow-card sm:p-7 ${tone === 'danger' ? 'border-red-200' : 'border-slate-200'}`}
    >
      <h2 id={id} className={`text-lg font-bold sm:text-xl ${tone === 'danger' ? 'text-red-800' : 'text-slate-900'}`}>
        {title}
      </h2>
      {description && <p className="mt-1 text-[15px] leading-relaxed text-slate-600">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  )
}
