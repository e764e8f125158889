// Form building blocks (design brief: labels above fields, the message under the field in Polish, one column on
// phones, 44 px targets). Validation is ours (shared zod schemas + the API's 422), so fields use aria validation:
// the browser never blocks a submit with its own English bubbles.
import type { ReactNode } from 'react'
import {
  Button,
  Checkbox,
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField,
  type ButtonProps,
} from 'react-aria-components'
import { useKeepEarlyInput } from './early-press'
import { buttonStyles } from './form-styles'
import { Spinner } from './spinner'

export const inputClass =
  'block h-12 w-full rounded-xl border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-xs outline-none transition-colors placeholder:text-slate-400 hover:border-slate-400 data-[focused]:border-accent-600 data-[focused]:ring-2 data-[focused]:ring-accent-200 data-[invalid]:border-red-600 data-[invalid]:data-[focused]:ring-red-100 data-[disabled]:bg-slate-50 data-[disabled]:text-slate-500'
const labelClass = 'mb-1.5 block text-sm font-semibold text-slate-800'
const errorClass = 'mt-1.5 block text-sm font-medium text-red-700'
const hintClass = 'mt-1.5 block text-sm text-slate-500'

export interface FieldProps {
  label: ReactNode
  name: string
  value: string
  onChange: (value: string) => void
  error?: string
  description?: ReactNode
  type?: 'text' | 'email' | 'password' | 'tel' | 'search' | 'url'
  autoComplete?: string
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal'
  placeholder?: string
  isRequired?: boolean
  isDisabled?: boolean
  isReadOnly?: boolean
  autoFocus?: boolean
  maxLength?: number
  className?: string
}

export function Field({ label, error, description, className, inputMode, placeholder, ...props }: FieldProps) {
  // Typed before the page hydrated (decision 047).
  const ref = useKeepEarlyInput<HTMLInputElement, string>(props.value, props.onChange)
  return (
    <TextField {...props} isInvalid={!!error} validationBehavior="aria" className={`flex flex-col ${className ?? ''}`}>
      <Label className={labelClass}>
        {label}
      </Label>
      <Input ref={ref} className={inputClass} inputMode={inputMode} placeholder={placeholder} />
      {description && !error && <Text slot="description" className={hintClass}>{description}</Text>}
      <FieldError className={errorClass}>{error}</FieldError>
    </TextField>
  )
}

export function TextAreaField({ label, error, description, className, placeholder, rows = 5, ...props }: FieldProps & { rows?: number }) {
  const ref = useKeepEarlyInput<HTMLTextAreaElement, string>(props.value, props.onChange)
  return (
    <TextField {...props} isInvalid={!!error} validationBehavior="aria" className={`flex flex-col ${className ?? ''}`}>
      <Label className={labelClass}>{label}</Label>
      <TextArea ref={ref} rows={rows} placeholder={placeholder} className={`${inputClass} h-auto min-h-28 resize-y py-3 leading-relaxed`} />
      {description && !error && <Text slot="description" className={hintClass}>{description}</Text>}
      <FieldError className={errorClass}>{error}</FieldError>
    </TextField>
  )
}

export function CheckboxField({
  isSelected,
  onChange,
  error,
  children,
  name,
  ariaLabel,
  after,
}: {
  isSelected: boolean
  onChange: (v: boolean) => void
  error?: string
  children: ReactNode
  name: string
  ariaLabel?: string
  /** Rendered next to the label but outside it (e.g. a link that must not toggle the box). */
  after?: ReactNode
}) {
  return (
    <div>
      <div className="flex items-start gap-1">
        <Checkbox
          name={name}
          isSelected={isSelected}
          onChange={onChange}
          isInvalid={!!error}
          validationBehavior="aria"
          aria-label={ariaLabel}
          aria-describedby={error ? `${name}-error` : undefined}
          className="group flex min-h-11 cursor-pointer items-start gap-3 py-1 text-[15px] text-slate-700"
        >
          <span
            aria-hidden="true"
            className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-md border-2 border-slate-400 bg-white transition-colors group-data-[selected]:border-accent-600 group-data-[selected]:bg-accent-600 group-data-[invalid]:border-red-600 group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-accent-600"
          >
            <svg viewBox="0 0 16 16" className="size-3.5 text-white opacity-0 group-data-[selected]:opacity-100" aria-hidden="true">
              <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <span>{children}</span>
        </Checkbox>
        {after && <span className="pt-1 text-[15px] text-slate-700">{after}</span>}
      </div>
      {error && (
        <p id={`${name}-error`} className={`${errorClass} !mt-0 pl-8`}>
          {error}
        </p>
      )}
    </div>
  )
}

// The button looks live in form-styles.ts so a page can style a button without loading the form fields.
export { buttonStyles }

export function SubmitButton({
  pending,
  pendingLabel,
  children,
  variant = 'primary',
  className,
  ...props
}: Omit<ButtonProps, 'children' | 'className'> & {
  pending?: boolean
  pendingLabel?: string
  children: ReactNode
  variant?: keyof typeof buttonStyles
  className?: string
}) {
  return (
    <Button type="submit" {...props} isPending={pending} className={`${buttonStyles[variant]} ${className ?? ''}`}>
      {pending ? (
        <>
          <Spinner />
          <span>{pendingLabel ?? children}</span>
        </>
      ) : (
        children
      )}
    </Button>
  )
}

export { Spinner }

/** A message for the whole form (wrong password, expired link…), announced to screen readers. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' | 'info' }) {
  if (!children) return null
  const tones = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    info: 'border-slate-200 bg-slate-50 text-slate-700',
  }
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-xl border px-4 py-3 text-[15px] ${tones[tone]}`}>
      {children}
    </div>
  )
}
