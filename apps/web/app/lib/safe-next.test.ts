import { describe, expect, it } from 'vitest'
import { loginRedirectPath, safeNext } from './safe-next'

describe('safeNext', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeNext('/ustawienia-konta')).toBe('/ustawienia-konta')
    expect(safeNext('/szukaj?typ=wynajem&phrase=Kraków#wyniki')).toBe('/szukaj?typ=wynajem&phrase=Krak%C3%B3w#wyniki')
    expect(safeNext('/')).toBe('/')
  })

  it.each([
    ['//evil.example'],
    ['/..//evil.example'],
    ['/./\\evil.example'],
    ['/a/../..//evil.example/x'],
    ['/%2e%2e//evil.example'],
    ['//evil.example/ustawienia-konta'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['http://evil.example'],
    ['https:evil.example'],
    ['javascript:alert(1)'],
    ['ustawienia-konta'],
    [' //evil.example'],
    ['/\t/evil.example'],
    ['/ustawienia\nkonta'],
    [''],
    [null],
    [undefined],
  ])('rejects %j', (value) => {
    expect(safeNext(value as string | null | undefined)).toBeNull()
  })

  it('builds the guard redirect with the path encoded', () => {
    expect(loginRedirectPath('/ustawienia-konta')).toBe('/?next=%2Fustawienia-konta')
    expect(loginRedirectPath('/ulubione?page=2')).toBe('/?next=%2Fulubione%3Fpage%3D2')
  })
})
