import { describe, expect, it } from 'vitest'
import { amountInWords, numberInWords } from './words.ts'

describe('amount in Polish words', () => {
  it('numbers', () => {
    expect(numberInWords(0)).toBe('zero')
    expect(numberInWords(1)).toBe('jeden')
    expect(numberInWords(12)).toBe('dwanaście')
    expect(numberInWords(22)).toBe('dwadzieścia dwa')
    expect(numberInWords(115)).toBe('sto piętnaście')
    expect(numberInWords(1000)).toBe('tysiąc')
    expect(numberInWords(2004)).toBe('dwa tysiące cztery')
    expect(numberInWords(12_500)).toBe('dwanaście tysięcy pięćset')
    expect(numberInWords(1_000_001)).toBe('milion jeden')
    expect(numberInWords(5_422_000)).toBe('pięć milionów czterysta dwadzieścia dwa tysiące')
  })
  it('złote and grosze', () => {
    expect(amountInWords(1498)).toBe('czternaście złotych 98/100')
    expect(amountInWords(100)).toBe('jeden złoty 00/100')
    expect(amountInWords(399)).toBe('trzy złote 99/100')
    expect(amountInWords(2200)).toBe('dwadzieścia dwa złote 00/100')
    expect(amountInWords(1200)).toBe('dwanaście złotych 00/100')
    expect(amountInWords(5)).toBe('zero złotych 05/100')
  })
})
