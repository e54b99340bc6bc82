import { demoCatalog } from '@/lib/engine/tenants/demo-catalog'
import { fileSourceOf } from './files-source'
import { footnoteReferences } from '@/lib/shared/content/footnote-references'

describe('footnotes of the file source', () => {
  it('answers the footnotes asked for, in that order, and leaves unknown identifiers out', async () => {
    const notes = await fileSourceOf('demo').footnotes(['fn-mobil-24', 'fn-unbekannt', 'fn-preis-24'], 'de')
    expect(notes.map((n) => n.Identifier)).toEqual(['fn-mobil-24', 'fn-preis-24'])
    expect(notes[0]).toMatchObject({ Titel: 'Mobilfunk-Tarife', Gruppe: 'Mobilfunk' })
    expect(notes[0]!.Inhalt).toContain('Mindestvertragslaufzeit 24 Monate')
  })

  it('answers in English', async () => {
    const [note] = await fileSourceOf('demo').footnotes(['fn-geraet-24'], 'en')
    expect(note?.Titel).toBe('Smartphones and tablets')
  })

  it('has a footnote in both languages for every footnote the demo catalogues reference', async () => {
    for (const slug of ['demo', 'demo-closed'] as const) {
      const referenced = footnoteReferences(
        demoCatalog(slug, new Date('2026-11-22T12:00:00Z')).map((p) => ({ Fussnote: p.details.Fussnote })),
      )
      expect(referenced.length).toBeGreaterThan(0)
      for (const locale of ['de', 'en'] as const) {
        const found = await fileSourceOf(slug).footnotes(referenced, locale)
        expect([slug, locale, found.map((n) => n.Identifier)]).toEqual([slug, locale, referenced])
      }
    }
  })

  it('names the brand of its tenant', async () => {
    const [closed] = await fileSourceOf('demo-closed').footnotes(['fn-combi'], 'de')
    expect(closed?.Inhalt).toContain('Fjordnet')
    expect(closed?.Inhalt).not.toContain('Lumenta')
  })
})

describe('footnoteReferences', () => {
  it('lists each referenced footnote once, in order of first reference', () => {
    expect(
      footnoteReferences([{ Fussnote: 'b' }, { Fussnote: null }, { Fussnote: 'a' }, { Fussnote: 'b' }]),
    ).toEqual(['b', 'a'])
  })
})
