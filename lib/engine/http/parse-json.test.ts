import { ApiError } from '@/lib/shared/errors'
import { parseJson } from './api-handler'

// A main-API body is JSON of well-formed text: a lone surrogate written out as an escape (half of a
// character) could be neither stored in a JSON column nor mailed, so such a body is refused as input.

const refused = (text: string) => {
  try {
    parseJson(text)
  } catch (error) {
    return error instanceof ApiError ? error.code : error
  }
  return 'accepted'
}

it('reads well-formed JSON, characters beyond the BMP written as surrogate pairs included', () => {
  expect(parseJson('{"Name":"Wert","Text":"Gr\\u00fc\\u00dfe \\ud83d\\ude00"}')).toEqual({
    Name: 'Wert',
    Text: 'Grüße 😀',
  })
  expect(parseJson('  ')).toEqual({})
})

it.each([
  ['a value', '{"Name":"AA","Wert":"\\ud800a Ä"}'],
  ['a low half alone', '{"Wert":"x\\udc00"}'],
  ['a key', '{"\\ud800":1}'],
  ['deep inside', '{"a":[1,{"b":[null,"ok","\\udbff"]}]}'],
])('refuses a lone surrogate in %s', (_where, text) => {
  expect(refused(text)).toBe('UngueltigeEingabe')
})

it('refuses broken JSON, and checks deep and wide bodies without running out of stack', () => {
  expect(refused('{"Wert":')).toBe('UngueltigeEingabe')
  const deep = `${'['.repeat(100_000)}"\\ud800"${']'.repeat(100_000)}`
  expect(refused(deep)).toBe('UngueltigeEingabe')
  const wide = `[${Array.from({ length: 200_000 }, () => '"a"').join(',')}]`
  expect((parseJson(wide) as string[]).length).toBe(200_000)
})
