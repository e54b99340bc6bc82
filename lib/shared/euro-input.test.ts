import { parseEuroCents } from './euro-input'

describe('parseEuroCents', () => {
  it.each([
    ['90', 9000],
    ['90,5', 9050],
    ['90,50', 9050],
    ['1.250,00', 125000],
    ['1250.75', 125075],
    ['1,250.75', 125075],
    [' 75 € ', 7500],
    ['0', 0],
  ])('reads %s as %i cents', (input, cents) => {
    expect(parseEuroCents(input)).toBe(cents)
  })

  it.each(['', 'abc', '-5', '90,555', '1.2.3', '9e3', '90,-'])('refuses %s', (input) => {
    expect(parseEuroCents(input)).toBeNull()
  })
})
