import demoClosedDe from '@/lib/engine/content/sources/files/demo-closed/de.json'
import demoClosedEn from '@/lib/engine/content/sources/files/demo-closed/en.json'
import demoDe from '@/lib/engine/content/sources/files/demo/de.json'
import demoEn from '@/lib/engine/content/sources/files/demo/en.json'
import { DEMO_TENANTS } from '@/lib/engine/tenants/demo-tenants'
import { tenantSettingsSchema } from '@/lib/shared/tenants/settings'
import { messagesFor } from '@/lib/i18n/messages'
import { categoryOf } from './categories'
import { registeredStorage, type StorageEntry } from './registry'

/**
 * The privacy page's cookie table (lib/engine/content/sources/files/{tenant}/{locale}.json, page datenschutz) lists
 * exactly what the registry holds: every name with its category and lifetime, nothing more.
 */

const FILES = {
  demo: { de: demoDe, en: demoEn },
  'demo-closed': { de: demoClosedDe, en: demoClosedEn },
} as const

type Row = { name: string; category: string; lifetime: string }

function tableRows(content: { seiten: { Schluessel: string; Inhalte: { Html: string }[] }[] }): Row[] {
  const page = content.seiten.find((p) => p.Schluessel === 'datenschutz')!
  const html = page.Inhalte.map((s) => s.Html).find((h) => h.includes('<table'))!
  const body = /<tbody>(.*)<\/tbody>/s.exec(html)![1]!
  return [...body.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) => {
    const cells = [...row[1]!.matchAll(/<td>(.*?)<\/td>/gs)].map((c) => c[1]!)
    return { name: cells[0]!, category: cells[3]!, lifetime: cells[4]! }
  })
}

function lifetimeText(entry: StorageEntry, locale: 'de' | 'en'): string {
  if (entry.lifetime === 'session')
    return locale === 'de' ? 'bis zum Schließen des Browser-Tabs' : 'until the browser tab is closed'
  if ('hours' in entry.lifetime)
    return locale === 'de' ? `${entry.lifetime.hours} Stunden` : `${entry.lifetime.hours} hours`
  return locale === 'de' ? `${entry.lifetime.days} Tage` : `${entry.lifetime.days} days`
}

describe.each(Object.keys(FILES) as (keyof typeof FILES)[])('the cookie table of %s', (slug) => {
  const settings = tenantSettingsSchema.parse(DEMO_TENANTS.find((t) => t.slug === slug)!.settings)

  it('uses the lifetimes the registry writes with for this tenant', () => {
    expect(settings.ConsentCookie.ExpiresDays).toBe(60)
    expect(settings.Limits.CookieLifetimeDays).toBe(60)
    expect(settings.Limits.ChannelCookieDays).toBe(730)
  })

  it.each(['de', 'en'] as const)(
    'in %s lists every registered entry with its category and lifetime',
    (locale) => {
      const rows = tableRows(FILES[slug][locale])
      const expected = registeredStorage()
        .filter((entry) => !entry.name.startsWith('psoempf_test'))
        // The table goes by category: required, functional, analytics, marketing.
        .sort((a, b) => categoryOf(a.category).position - categoryOf(b.category).position)
        .map((entry) => ({
          name: entry.name,
          category: messagesFor(locale).Consent.categories[categoryOf(entry.category).key].name,
          lifetime: lifetimeText(entry, locale),
        }))
      expect(rows).toEqual(expected)
    },
  )
})
