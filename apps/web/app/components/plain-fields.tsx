// The form fields of form.tsx as plain elements, for forms that are part of a page's first paint (the listing page's
// 'Napisz wiadomość', decision 032): the same markup, classes and messages, no react-aria (its press and focus core
// is ~13 KB gzip). The class lists are form.tsx's with CSS states (:focus, aria-invalid, :focus-visible, :active)
// in place of react-aria's data attributes; Tailwind needs them spelled out.
import { useId, useLayoutEffect, useRef, type ButtonHTMLAttributes, type ReactNode, type Ref } from 'react'
import { typedInto } from './early-press'
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

/**
 * What a person typed (or ticked) in a controlled field before the page hydrated, taken into state as it hydrates.
 * The listing page's scripts come after its first paint (decision 036): React keeps the server's element, and an
 * input's typed text on it (a textarea gets its opening text back), but not in state, so the first re-render (a
 * submit's error under a field) emptied the field and a submit sent the state's value. A layout effect: before the press held by early-press.tsx is replayed. Once, on mount: on a page
 * drawn by the client the element starts with the state's value and nothing changes.
 */
export function useKeepEarlyInput<E extends HTMLInputElement | HTMLTextAreaElement, V extends string | boolean>(read: (el: E) => V, current: V, apply: (typed: V) => void) {
  const ref = useRef<E>(null)
  useLayoutEffect(() => {
    const el = ref.current
    // A text field: what the head's listener recorded (hydration puts a textarea's opening text back).
    const recorded = el && typeof current === 'string' ? typedInto(el) as V | undefined : undefined
    const typed = recorded ?? (el ? read(el) : current)
    if (typed !== current) apply(typed)
    // Once, when the server's element hydrates (no dependencies on purpose).
  }, [])
  return ref
}

/** Label above, the message under the field (aria-invalid, aria-describedby), like form.tsx's Field/TextAreaField. */
export function PlainField({ label, name, value, onChange, error, type = 'text', autoComplete, inputMode, isRequired, rows }: PlainFieldProps) {
  const id = useId()
  const ref = useKeepEarlyInput<HTMLInputElement & HTMLTextAreaElement, string>((el) => el.value, value, onChange)
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
