import { commissionCent } from './commission'

describe('commissionCent', () => {
  it.each([
    ['standard;5000', 5000],
    ['standard; 7000 ', 7000],
    ['premium;0', 0],
    [';1250', 1250],
  ])('reads %s as %i cents', (provision, cents) => {
    expect(commissionCent(provision)).toBe(cents)
  })

  it.each([null, undefined, '', 'standard', 'standard;', 'standard;-5', 'standard;50,00', 'a;b;c'])(
    'counts %s as no commission',
    (provision) => {
      expect(commissionCent(provision)).toBe(0)
    },
  )
})
