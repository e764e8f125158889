import { Link } from 'react-router'
import { SITE_NAME } from '~/lib/site'

/** The wordmark: a pink house-and-pin mark and the name, drawn as SVG so it is crisp and needs no request. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/"
      aria-label={`${SITE_NAME} — strona główna`}
      className={`inline-flex shrink-0 items-center gap-2 rounded-lg text-slate-900 ${className}`}
    >
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="#db2777" />
        <path d="M8 15.2 16 8.5l8 6.7V24a1 1 0 0 1-1 1h-4.5v-5.2h-5V25H9a1 1 0 0 1-1-1v-8.8Z" fill="#fff" />
        <circle cx="16" cy="15.4" r="1.9" fill="#db2777" />
      </svg>
      <span className="text-[22px] font-extrabold leading-none tracking-tight">
        {SITE_NAME.toLowerCase()}
        <span className="text-accent-600">.</span>
      </span>
    </Link>
  )
}
