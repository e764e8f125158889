// Shared class lists of the header's controls (44 px touch targets).
export const iconButton =
  'relative inline-flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-slate-700 outline-none transition-colors hover:bg-slate-100 hover:text-slate-900 data-[pressed]:bg-slate-200 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent-600 focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-accent-600'

export const menuPopover =
  'min-w-[220px] rounded-2xl border border-slate-200 bg-white p-2 shadow-card-hover outline-none data-[entering]:animate-toast-in'

export const menuItem =
  'flex cursor-pointer items-center rounded-lg px-3 py-2.5 text-[15px] text-slate-800 outline-none data-[focused]:bg-accent-50 data-[focused]:text-accent-700 data-[hovered]:bg-accent-50 data-[hovered]:text-accent-700'

export const primaryButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full bg-accent-600 px-5 text-[15px] font-semibold text-white shadow-sm transition-colors hover:bg-accent-700 active:bg-accent-800'

// A top entry of the desktop menu row (a dropdown's button or a plain link).
export const navTopItem =
  'inline-flex h-11 cursor-pointer items-center gap-1 rounded-lg px-2 text-[13px] font-semibold uppercase tracking-[0.04em] xl:px-3 xl:tracking-[0.06em] text-slate-700 outline-none transition-colors hover:bg-slate-100 hover:text-slate-900 data-[pressed]:bg-slate-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-accent-600 focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-accent-600 aria-[current=page]:text-accent-700 aria-expanded:bg-slate-100 aria-expanded:text-slate-900'
