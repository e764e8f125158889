import type { FastifySchemaCompiler } from 'fastify'
import { z } from 'zod'

/**
 * Request validation with zod, producing Polish, Laravel-like messages. Messages written on a schema itself
 * (`z.string({ error: '...' })`) win; this per-parse map only fills in the defaults, so other workspaces sharing
 * zod are not affected (no global z.config).
 */
export interface ValidationIssue {
  /** Dotted field key as Laravel sends it: `address.city`, `photos.0`. */
  field: string
  message: string
}

const fieldLabel = (path: PropertyKey[] | undefined) => (path && path.length ? path.map(String).join('.') : '')

const polishErrorMap: z.core.$ZodErrorMap = (iss) => {
  const field = fieldLabel(iss.path)
  const pole = field ? `Pole ${field}` : 'Wartość'
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined) return `${pole} jest wymagane.`
      if (iss.expected === 'number' || iss.expected === 'int') return `${pole} musi być liczbą.`
      if (iss.expected === 'string') return `${pole} musi być tekstem.`
      if (iss.expected === 'boolean') return `${pole} musi mieć wartość prawda lub fałsz.`
      if (iss.expected === 'array') return `${pole} musi być listą.`
      if (iss.expected === 'object') return `${pole} musi być obiektem.`
      return `${pole} ma nieprawidłowy typ.`
    case 'too_small':
      if (iss.origin === 'string') return `${pole} musi mieć co najmniej ${iss.minimum} znaków.`
      if (iss.origin === 'array' || iss.origin === 'set') return `${pole} musi mieć co najmniej ${iss.minimum} elementów.`
      return `${pole} nie może być mniejsze niż ${iss.minimum}.`
    case 'too_big':
      if (iss.origin === 'string') return `${pole} może mieć najwyżej ${iss.maximum} znaków.`
      if (iss.origin === 'array' || iss.origin === 'set') return `${pole} może mieć najwyżej ${iss.maximum} elementów.`
      return `${pole} nie może być większe niż ${iss.maximum}.`
    case 'invalid_format':
      if (iss.format === 'email') return `${pole} musi być poprawnym adresem email.`
      return `${pole} ma nieprawidłowy format.`
    case 'invalid_value':
      return `${pole} ma niedozwoloną wartość.`
    case 'unrecognized_keys':
      return `Nieznane pola: ${iss.keys.join(', ')}.`
    default:
      return `${pole} jest nieprawidłowe.`
  }
}

interface FastifyValidationItem {
  instancePath: string
  message: string
  keyword: string
  params: { field: string }
}

/** Fastify validator compiler for zod schemas (replaces fastify-type-provider-zod's to use the Polish map). */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => (data: unknown) => {
  // No body at all reads as empty input, as in Laravel: DELETE /api/user without one (spec §7 shows no payload)
  // gets the field's own message ('Podaj hasło…'), not 'Wartość musi być obiektem'.
  let result = schema.safeParse(data, { error: polishErrorMap })
  if (!result.success && data == null) result = schema.safeParse({}, { error: polishErrorMap })
  if (result.success) return { value: result.data }
  const errors: FastifyValidationItem[] = result.error.issues.map((i) => ({
    instancePath: `/${i.path.map(String).join('/')}`,
    message: i.message,
    keyword: i.code,
    params: { field: fieldLabel(i.path) },
  }))
  return { error: errors as never }
}

/** Turns fastify's validation error (ours or ajv's) into Laravel's `{message, errors:{field:[msg]}}`. */
export function laravelValidationBody(validation: unknown[], context: string | undefined) {
  const errors: Record<string, string[]> = {}
  for (const raw of validation as Partial<FastifyValidationItem>[]) {
    const field = raw.params?.field
      || (raw.instancePath ? raw.instancePath.replace(/^\//, '').replaceAll('/', '.') : '')
      || context || 'body'
    const message = raw.message || 'Nieprawidłowa wartość.'
    ;(errors[field] ??= []).includes(message) || errors[field].push(message)
  }
  const first = Object.values(errors)[0]?.[0] ?? 'Nieprawidłowe dane.'
  return { message: first, errors }
}

export { polishErrorMap }
