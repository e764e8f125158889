import { describe, expect, it } from 'vitest'
import { withUserDefaults } from './auth'

describe('withUserDefaults', () => {
  const anna = { name: 'Anna Nowak', email: 'anna@example.pl', phone: '600100200' }

  it('fills only the empty fields, and keeps what was typed', () => {
    expect(withUserDefaults({ name: '', email: '', message: 'Dzień dobry' }, anna)).toEqual({ name: 'Anna Nowak', email: 'anna@example.pl', message: 'Dzień dobry' })
    expect(withUserDefaults({ name: 'Ktoś', email: '', phone: '' }, anna)).toEqual({ name: 'Ktoś', email: 'anna@example.pl', phone: '600100200' })
  })

  it('adds no field the form does not have (/kontakt asks for no phone)', () => {
    expect(withUserDefaults({ name: '', email: '' }, anna)).not.toHaveProperty('phone')
  })

  it('returns the same object when nothing changes (no re-render), and for a guest', () => {
    const full = { name: 'Ktoś', email: 'k@example.pl', phone: '600200300' }
    expect(withUserDefaults(full, anna)).toBe(full)
    const empty = { name: '', email: '' }
    expect(withUserDefaults(empty, null)).toBe(empty)
    expect(withUserDefaults(empty, { name: null, email: null })).toBe(empty)
  })
})
