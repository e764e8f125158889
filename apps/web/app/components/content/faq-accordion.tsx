import { useRef, type KeyboardEvent } from 'react'
import type { FaqGroup } from '@portal/contracts/content'
import { ContentBody } from './content-body'

/**
 * The FAQ accordion. Each question is a native <details>/<summary> (opens with Enter or Space and works before
 * the JavaScript loads); on top of that, ↑/↓ move between questions and Home/End jump to the first and last,
 * as in the WAI-ARIA accordion pattern.
 */
export function FaqAccordion({ groups }: { groups: FaqGroup[] }) {
  const root = useRef<HTMLDivElement>(null)
  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return
    const all = Array.from(root.current?.querySelectorAll<HTMLElement>('summary[data-faq]') ?? [])
    const i = all.indexOf(e.currentTarget)
    if (i < 0) return
    e.preventDefault()
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? all.length - 1 : (i + (e.key === 'ArrowDown' ? 1 : -1) + all.length) % all.length
    all[next]?.focus()
  }
  return (
    <div ref={root} className="flex flex-col gap-10">
      {groups.map((g) => (
        <section key={g.slug} aria-labelledby={`faq-${g.slug}`}>
          <h2 id={`faq-${g.slug}`} className="mb-4 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
            {g.title}
          </h2>
          <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {g.entries.map((e) => (
              <details key={e.id} id={`pytanie-${e.id}`} className="group">
                <summary
                  data-faq=""
                  onKeyDown={onKeyDown}
                  className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-[17px] font-semibold text-slate-900 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent-500 [&::-webkit-details-marker]:hidden"
                >
                  <span>{e.question}</span>
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={2}
                  >
                    <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </summary>
                <div className="px-5 pb-5">
                  <ContentBody html={e.answer_html} className="text-base" />
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  )
}
