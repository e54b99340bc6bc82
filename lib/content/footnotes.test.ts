import { demoCatalog } from '@/lib/engine/tenants/demo-catalog'
import { DEMO_TENANTS } from '@/lib/engine/tenants/demo-tenants'
import { tenantSettingsSchema, toPublicConfig, type PublicTenantConfig } from '@/lib/tenants/settings'
import { footnoteReferences, getFootnotes } from './footnotes'
import { ContentUnavailableError } from './types'

function config(slug: 'demo' | 'demo-closed'): PublicTenantConfig {
  const tenant = DEMO_TENANTS.find((t) => t.slug === slug)!
  return toPublicConfig(slug, tenantSettingsSchema.parse(tenant.settings))
}

describe('getFootnotes (file source)', () => {
  it('answers the footnotes asked for, in that order, and leaves unknown identifiers out', async () => {
    const notes = await getFootnotes(config('demo'), 'de', ['fn-mobil-24', 'fn-unbekannt', 'fn-preis-24'])
    expect(notes.map((n) => n.Identifier)).toEqual(['fn-mobil-24', 'fn-preis-24'])
    expect(notes[0]).toMatchObject({ Titel: 'Mobilfunk-Tarife', Gruppe: 'Mobilfunk' })
    expect(notes[0]!.Inhalt).toContain('Mindestvertragslaufzeit 24 Monate')
  })

  it('answers in English, and nothing for no identifiers', async () => {
    const [note] = await getFootnotes(config('demo'), 'en', ['fn-geraet-24'])
    expect(note?.Titel).toBe('Smartphones and tablets')
    await expect(getFootnotes(config('demo'), 'de', [])).resolves.toEqual([])
  })

  it('has a footnote in both languages for every footnote the demo catalogues reference', async () => {
    for (const slug of ['demo', 'demo-closed'] as const) {
      const referenced = footnoteReferences(
        demoCatalog(slug, new Date('2026-11-22T12:00:00Z')).map((p) => ({ Fussnote: p.details.Fussnote })),
      )
      expect(referenced.length).toBeGreaterThan(0)
      for (const locale of ['de', 'en'] as const) {
        const found = await getFootnotes(config(slug), locale, referenced)
        expect([slug, locale, found.map((n) => n.Identifier)]).toEqual([slug, locale, referenced])
      }
    }
  })

  it('names the brand of its tenant', async () => {
    const [closed] = await getFootnotes(config('demo-closed'), 'de', ['fn-combi'])
    expect(closed?.Inhalt).toContain('Fjordnet')
    expect(closed?.Inhalt).not.toContain('Lumenta')
  })

  it('is unavailable where the tenant takes its content from a content service that is not connected', async () => {
    const squidex = config('demo')
    squidex.Settings.Content.Source = 'squidex'
    await expect(getFootnotes(squidex, 'de', ['fn-preis-24'])).rejects.toBeInstanceOf(ContentUnavailableError)
  })
})

describe('footnoteReferences', () => {
  it('lists each referenced footnote once, in order of first reference', () => {
    expect(
      footnoteReferences([{ Fussnote: 'b' }, { Fussnote: null }, { Fussnote: 'a' }, { Fussnote: 'b' }]),
    ).toEqual(['b', 'a'])
  })
})
