export function Spinner({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`size-4 animate-spin ${className ?? ''}`} aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}
