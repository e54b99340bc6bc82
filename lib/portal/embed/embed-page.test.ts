import { embedPageOf } from './embed-page'

describe('embedPageOf', () => {
  const base = {
    MandantUrl: 'https://www.lumenta.example',
    EmpfehlenPath: '/freunde-werben',
    EmpfehlenWebPage: '',
  }

  it('is MandantUrl plus EmpfehlenPath', () => {
    expect(embedPageOf(base)).toBe('https://www.lumenta.example/freunde-werben')
    expect(embedPageOf({ ...base, MandantUrl: 'https://www.lumenta.example/', EmpfehlenPath: 'kwk' })).toBe(
      'https://www.lumenta.example/kwk',
    )
  })

  it('is EmpfehlenWebPage when set, without its hash', () => {
    expect(embedPageOf({ ...base, EmpfehlenWebPage: 'https://shop.lumenta.example/werben?x=1#alt' })).toBe(
      'https://shop.lumenta.example/werben?x=1',
    )
  })

  it('is nothing for a page that is not http(s)', () => {
    expect(embedPageOf({ ...base, EmpfehlenWebPage: 'javascript:alert(1)' })).toBeNull()
    expect(embedPageOf({ ...base, EmpfehlenWebPage: 'nicht/absolut' })).toBeNull()
  })
})
