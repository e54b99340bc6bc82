import { toSquidexContent } from '@/tests/support/squidex-content'
import { ContentUnavailableError, type FileContent } from '@/lib/shared/content/types'
import {
  localized,
  parseList,
  toBlocks,
  toFlags,
  toFootnotes,
  toPage,
  toTexts,
  toVariables,
  type SquidexItem,
} from './reshape'

describe('toSquidexContent (test server seeding)', () => {
  it('keeps localized values in de and en, leaves out English equal to German, and invariant values in iv', () => {
    const base: FileContent = {
      flags: { Barrierefreiheitserklaerung: false },
      seiten: [],
      bloecke: [],
      keyVisuals: [],
      faq: [],
      fussnoten: [{ Id: 'f', Identifier: 'fn', Titel: 'Titel', Gruppe: 'G', Inhalt: 'I' }],
      variablen: [],
      texte: {},
    }
    const { content } = toSquidexContent({
      de: base,
      en: { ...base, fussnoten: [{ ...base.fussnoten[0]!, Titel: 'Title' }] },
    })
    expect(content.schemas.fussnoten).toEqual([
      {
        id: 'f',
        data: {
          Identifier: { iv: 'fn' },
          Titel: { de: 'Titel', en: 'Title' },
          Gruppe: { de: 'G' },
          Inhalt: { de: 'I' },
        },
      },
    ])
    expect(() =>
      toSquidexContent({
        de: base,
        en: { ...base, fussnoten: [{ ...base.fussnoten[0]!, Identifier: 'x' }] },
      }),
    ).toThrow(/invariant/)
  })
})

describe('reshape', () => {
  const item = (id: string, data: SquidexItem['data']): SquidexItem => ({ id, data })

  it('picks the locale, then German, then the invariant value', () => {
    const it1 = item('x', {
      A: { iv: 'iv', de: 'de', en: 'en' },
      B: { iv: 'iv', de: 'de' },
      C: { iv: 'iv' },
      D: 'kaputt',
    })
    expect(localized(it1, 'A', 'en')).toBe('en')
    expect(localized(it1, 'B', 'en')).toBe('de')
    expect(localized(it1, 'C', 'en')).toBe('iv')
    expect(localized(it1, 'D', 'de')).toBeUndefined()
    expect(localized(it1, 'E', 'de')).toBeUndefined()
  })

  it('orders blocks by Position and makes a link only of text and target', () => {
    const block = (id: string, position: number, link: Record<string, unknown>) =>
      item(id, {
        Platz: { iv: 'home' },
        Position: { iv: position },
        Titel: { de: id },
        Html: { de: '' },
        ...link,
      })
    const blocks = toBlocks(
      [
        block('c', 3, { LinkText: { de: 'Los' }, LinkZiel: { iv: '/los' } }),
        block('a', 1, { LinkText: { de: 'Los' } }),
        block('b', 2, { LinkText: { de: '' }, LinkZiel: { iv: '/los' } }),
      ],
      'de',
    )
    expect(blocks.map((b) => [b.Id, b.Link])).toEqual([
      ['a', null],
      ['b', null],
      ['c', { Text: 'Los', Ziel: '/los' }],
    ])
  })

  it('answers footnotes in the order asked for', () => {
    const note = (id: string) =>
      item(id, { Identifier: { iv: id }, Titel: { de: id }, Gruppe: { de: 'g' }, Inhalt: { de: 'i' } })
    expect(toFootnotes([note('a'), note('b')], ['b', 'x', 'a'], 'de').map((n) => n.Identifier)).toEqual([
      'b',
      'a',
    ])
  })

  it('rejects payloads that do not fit the app types', () => {
    expect(() => parseList({ items: [{ data: {} }] })).toThrow(ContentUnavailableError)
    expect(() =>
      toTexts([item('t', { Schluessel: { iv: 'kein Schluessel' }, Text: { de: 'x' } })], 'de'),
    ).toThrow(ContentUnavailableError)
    expect(() => toPage(item('p', { Schluessel: { iv: 'impressum' } }), 'impressum', 'de')).toThrow(
      ContentUnavailableError,
    )
    expect(() => toVariables({ queryVariablenContents: null }, 'de')).toThrow(ContentUnavailableError)
  })

  it('answers flags off without a settings item', () => {
    expect(toFlags(null)).toEqual({ Barrierefreiheitserklaerung: false })
    expect(toFlags(item('e', {}))).toEqual({ Barrierefreiheitserklaerung: false })
    expect(toFlags(item('e', { Barrierefreiheitserklaerung: { iv: true } }))).toEqual({
      Barrierefreiheitserklaerung: true,
    })
  })
})
