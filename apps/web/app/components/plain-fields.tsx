// The form fields of form.tsx as plain elements, for forms that are part of a page's first paint (the listing page's
// 'Napisz wiadomość', decision 032): the same markup, classes and messages, no react-aria (its press and focus core
// is ~13 KB gzip). The class lists are form.tsx's with CSS states (:focus, aria-invalid, :focus-visible, :active)
// in place of react-aria's data attributes; Tailwind needs them spelled out.
import { useId, type ButtonHTMLAttributes, type ReactNode, type Ref } from 'react'
import { useKeepEarlyInput } from './early-press'
import { Spinner } from './spinner'

const inputClass =
  'block h-12 w-full rounded-xl border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-xs outline-none transition-colors placeholder:text-slate-400 hover:border-slate-400 focus:border-accent-600 focus:ring-2 focus:ring-accent-200 aria-invalid:border-red-600 aria-invalid:focus:ring-red-100 disabled:bg-slate-50 disabled:text-slate-500'
const labelClass = 'mb-1.5 block text-sm font-semibold text-slate-800'
const errorClass = 'mt-1.5 block text-sm font-medium text-red-700'
/** form-styles.ts's primary button with CSS states (plain `<button>`s and links). */
export const plainPrimaryButton =
  'inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-full px-6 text-[15px] font-semibold outline-none transition-colors aria-disabled:cursor-not-allowed aria-disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 bg-accent-600 text-white shadow-sm hover:bg-accent-700 active:bg-accent-800'

interface PlainFieldProps {
  label: ReactNode
  name: string
  value: string
  onChange: (value: string) => void
  error?: string
  type?: 'text' | 'email' | 'tel'
  autoComplete?: string
  inputMode?: 'text' | 'email' | 'tel'
  isRequired?: boolean
  /** A textarea with this many rows instead of an input. */
  rows?: number
}

/** Label above, the message under the field (aria-invalid, aria-describedby), like form.tsx's Field/TextAreaField. */
export function PlainField({ label, name, value, onChange, error, type = 'text', autoComplete, inputMode, isRequired, rows }: PlainFieldProps) {
  const id = useId()
  const ref = useKeepEarlyInput<HTMLInputElement & HTMLTextAreaElement, string>(value, onChange)
  const common = {
    id, name, value, autoComplete, ref,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-required': isRequired || undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  }
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className={labelClass}>{label}</label>
      {rows
        ? <textarea {...common} rows={rows} className={`${inputClass} h-auto min-h-28 resize-y py-3 leading-relaxed`} />
        : <input {...common} type={type} inputMode={inputMode} className={inputClass} />}
      {error && <span id={`${id}-error`} className={errorClass}>{error}</span>}
    </div>
  )
}

/** form.tsx's primary SubmitButton: while pending it shows the spinner and ignores presses (aria-disabled, so focus stays). */
export function PlainSubmitButton({ pending, pendingLabel, children, className, ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  pending?: boolean
  pendingLabel?: string
  children: ReactNode
  /** `pressEarly`'s (early-press.tsx). */
  ref?: Ref<HTMLButtonElement>
}) {
  return (
    <button
      type="submit"
      {...props}
      aria-disabled={pending || undefined}
      onClick={(e) => { if (pending) e.preventDefault() }}
      className={`${plainPrimaryButton} ${className ?? ''}`}
    >
      {pending ? (
        <>
          <Spinner />
          <span>{pendingLabel ?? children}</span>
        </>
      ) : (
        children
      )}
    </button>
  )
}
