// Button class lists of the design brief; no react-aria import, so first-paint code can use them (issue 16).
const buttonBase =
  'inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-full px-6 text-[15px] font-semibold outline-none transition-colors data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent-600'
export const buttonStyles = {
  primary: `${buttonBase} bg-accent-600 text-white shadow-sm hover:bg-accent-700 data-[pressed]:bg-accent-800`,
  secondary: `${buttonBase} border border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-50 data-[pressed]:bg-slate-100`,
  danger: `${buttonBase} bg-red-700 text-white hover:bg-red-800 data-[pressed]:bg-red-900`,
  ghost: `${buttonBase} text-accent-700 hover:bg-accent-50 data-[pressed]:bg-accent-100`,
  link: 'cursor-pointer rounded text-[15px] font-medium text-accent-700 underline-offset-2 outline-none hover:underline data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent-600',
}
