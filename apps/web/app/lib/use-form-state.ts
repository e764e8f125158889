import { useState } from 'react'
import { withoutError, type FieldErrors } from './form-errors'

/**
 * Values and field messages of a form. Editing a field clears its message; `field(key)` gives the props the shared
 * Field components take, `set(key)` just the change handler.
 */
export function useFormState<V extends Record<string, string>>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const set = (key: keyof V & string) => (v: string) => {
    setValues((x) => ({ ...x, [key]: v }))
    setErrors((x) => withoutError(x, key))
  }
  const field = (key: keyof V & string) => ({ name: key, value: values[key], error: errors[key], onChange: set(key) })
  return { values, setValues, errors, setErrors, set, field }
}
