import type { ReactNode } from 'react'

/** The centred card of the account pages (/auth, activation, new password): one h1, comfortable on phones. */
export function AuthCard({ title, intro, children, wide }: { title: string; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="-mb-16 bg-slate-50 px-4 pt-8 pb-24 sm:pt-14 sm:pb-28">
      <section
        aria-labelledby="auth-card-title"
        className={`mx-auto w-full rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-8 ${wide ? 'max-w-[600px]' : 'max-w-[460px]'}`}
      >
        <h1 id="auth-card-title" className="text-2xl font-bold text-slate-900 sm:text-[28px]">
          {title}
        </h1>
        {intro && <div className="mt-2 text-[15px] leading-relaxed text-slate-600">{intro}</div>}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  )
}
