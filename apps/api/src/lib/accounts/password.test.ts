import { describe, expect, it } from 'vitest'
import { hashPassword, inHashSlot, verifyPassword } from './password.ts'

describe('password hashing', () => {
  it('verifies what it hashed, refuses other passwords, an unknown account and a broken hash', async () => {
    const stored = await hashPassword('Tajne-Hasło-1')
    expect(await verifyPassword(stored, 'Tajne-Hasło-1')).toBe(true)
    expect(await verifyPassword(stored, 'tajne-hasło-1')).toBe(false)
    expect(await verifyPassword(null, 'Tajne-Hasło-1')).toBe(false)
    expect(await verifyPassword('$argon2id$zepsuty', 'x')).toBe(false)
  })

  it('runs at most `limit` hashes at once, the rest in the order they came, and frees a place on failure', async () => {
    let now = 0
    let most = 0
    const order: number[] = []
    const work = (i: number) => async () => {
      now++
      most = Math.max(most, now)
      await new Promise((r) => setTimeout(r, 5))
      now--
      order.push(i)
      if (i === 2) throw new Error('zły hash')
      return i
    }
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => inHashSlot(work(i), 2)))
    expect(most).toBe(2)
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1)
    expect(order.slice(2).sort()).toEqual([2, 3, 4, 5, 6, 7])
    // All places are free again: two more run side by side at once.
    most = 0
    await Promise.all([inHashSlot(work(10), 2), inHashSlot(work(11), 2)])
    expect(most).toBe(2)
  })
})
