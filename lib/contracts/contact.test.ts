import { contactQuerySchema, contactRequestSchema } from '@/lib/contracts/contact'

const VALID = {
  Name: 'Erika Probe',
  Email: 'Erika.Probe@Example.org ',
  Betreff: 'Frage zur Prämie',
  Nachricht: 'Wann wird meine Prämie ausgezahlt?',
  DatenschutzAkzeptiert: true,
}

/** The paths of the fields a payload fails on. */
function failures(payload: unknown): string[] {
  const result = contactRequestSchema.safeParse(payload)
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.path.join('.')))]
}

describe('contactRequestSchema', () => {
  it('accepts a request and trims it, the e-mail lower-case', () => {
    expect(contactRequestSchema.parse({ ...VALID, Name: '  Erika Probe ' })).toEqual({
      ...VALID,
      Email: 'erika.probe@example.org',
    })
  })

  it.each([
    ['Name', 'E', 'Er'],
    ['Betreff', 'Hi', 'Hi!'],
    ['Nachricht', '123456789', '1234567890'],
  ] as const)('needs %s to have its minimum length after trimming', (field, tooShort, justLongEnough) => {
    expect(failures({ ...VALID, [field]: tooShort })).toEqual([field])
    expect(failures({ ...VALID, [field]: `   ${tooShort}   ` })).toEqual([field])
    expect(failures({ ...VALID, [field]: justLongEnough })).toEqual([])
  })

  it.each([
    ['Name', 100],
    ['Betreff', 150],
    ['Nachricht', 5000],
  ] as const)('allows %s up to %i characters and no more', (field, max) => {
    expect(failures({ ...VALID, [field]: 'x'.repeat(max) })).toEqual([])
    expect(failures({ ...VALID, [field]: 'x'.repeat(max + 1) })).toEqual([field])
  })

  it('needs every field', () => {
    expect(failures({}).sort()).toEqual(['Betreff', 'DatenschutzAkzeptiert', 'Email', 'Nachricht', 'Name'])
  })

  it('refuses an invalid e-mail address', () => {
    for (const email of ['erika', 'erika@', '@example.org', 'erika probe@example.org', ''])
      expect(failures({ ...VALID, Email: email })).toEqual(['Email'])
  })

  it('accepts the consent only as true', () => {
    for (const consent of [false, 'true', 'on', 1, null, undefined])
      expect(failures({ ...VALID, DatenschutzAkzeptiert: consent })).toEqual(['DatenschutzAkzeptiert'])
  })

  it('keeps line breaks out of name and subject, and lets the message have them', () => {
    expect(failures({ ...VALID, Name: 'Erika\nBcc: x@example.org' })).toEqual(['Name'])
    expect(failures({ ...VALID, Betreff: 'Frage\r\nBcc: x@example.org' })).toEqual(['Betreff'])
    expect(failures({ ...VALID, Betreff: 'Frage\u0007 mit Klingel' })).toEqual(['Betreff'])
    expect(failures({ ...VALID, Nachricht: 'Zeile eins\r\nZeile zwei\n\tEingerückt' })).toEqual([])
    expect(failures({ ...VALID, Nachricht: 'Zeile eins\u0000 mit NUL' })).toEqual(['Nachricht'])
  })

  it('counts and keeps the line breaks of a message as typed, whatever line ends the browser sent', () => {
    const typed = 'Zeile eins\nZeile zwei\n\nZeile vier'
    for (const sent of [typed, typed.replace(/\n/g, '\r\n'), typed.replace(/\n/g, '\r')])
      expect(contactRequestSchema.parse({ ...VALID, Nachricht: sent }).Nachricht).toBe(typed)
    // 5000 characters as typed, with line breaks, are not more than 5000 once sent as CRLF.
    const long = `${'x'.repeat(2499)}\n${'y'.repeat(2500)}`
    expect(failures({ ...VALID, Nachricht: long.replace('\n', '\r\n') })).toEqual([])
  })

  it('takes a captcha solution along, under the names the other calls use', () => {
    const id = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b'
    expect(contactRequestSchema.parse({ ...VALID, CaptchaId: id, CaptchaLoesung: ' ab12 ' })).toMatchObject({
      CaptchaId: id,
      CaptchaLoesung: 'ab12',
    })
    expect(failures({ ...VALID, CaptchaId: 'keine-uuid' })).toEqual(['CaptchaId'])
  })

  it('refuses wrongly typed fields', () => {
    expect(failures({ ...VALID, Name: 42, Nachricht: ['a'] }).sort()).toEqual(['Nachricht', 'Name'])
  })
})

describe('contactQuerySchema', () => {
  it('knows the command IsCaptchaRequired only', () => {
    expect(contactQuerySchema.parse({ cmd: 'IsCaptchaRequired' })).toEqual({ cmd: 'IsCaptchaRequired' })
    for (const cmd of ['iscaptcharequired', 'Senden', '', undefined])
      expect(contactQuerySchema.safeParse({ cmd }).success).toBe(false)
  })
})
