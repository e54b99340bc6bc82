import { expect, test, type Page } from '@playwright/test'
import demoClosedDe from '@/lib/engine/content/sources/files/demo-closed/de.json'
import demoClosedEn from '@/lib/engine/content/sources/files/demo-closed/en.json'
import demoDe from '@/lib/engine/content/sources/files/demo/de.json'
import demoEn from '@/lib/engine/content/sources/files/demo/en.json'
import { substituteText } from '@/lib/shared/content/substitute'
import type { FileContent, PageKey } from '@/lib/shared/content/types'
import { E2E_OPERATOR_API_KEY } from './server-env.mjs'
import {
  DEMO,
  DEMO_CLOSED,
  LOCALES,
  TENANTS,
  TEXT,
  exactUrl,
  expectNoAxeViolations,
  logIn,
  openPage,
  prefix,
  saveScreenshot,
  type DemoTenant,
  type Locale,
} from './support'

// The content screens of both demo tenants in both locales (file source): legal pages, FAQ, key
// visuals and blocks, tenant texts; and a tenant whose content service does not answer.

const FILES: Record<DemoTenant['slug'], Record<Locale, FileContent>> = {
  demo: { de: demoDe as FileContent, en: demoEn as FileContent },
  'demo-closed': { de: demoClosedDe as FileContent, en: demoClosedEn as FileContent },
}

/** What the visitor reads: the content's text with the tenant and its variables filled in. */
function shown(tenant: DemoTenant, locale: Locale, text: string): string {
  const content = FILES[tenant.slug][locale]
  const values = {
    ...Object.fromEntries(content.variablen.map((v) => [v.Name, v.Wert])),
    Name: tenant.name,
    ProgrammName: tenant.programme,
  }
  return substituteText(text, values)
}

function pageOf(tenant: DemoTenant, locale: Locale, key: PageKey) {
  const page = FILES[tenant.slug][locale].seiten.find((p) => p.Schluessel === key)
  if (!page) throw new Error(`${tenant.slug} has no ${key} page`)
  return page
}

const LEGAL_PAGES: { key: PageKey; path: string; tenants: DemoTenant[] }[] = [
  { key: 'datenschutz', path: '/datenschutz', tenants: [DEMO, DEMO_CLOSED] },
  { key: 'agb', path: '/agb', tenants: [DEMO, DEMO_CLOSED] },
  { key: 'impressum', path: '/impressum', tenants: [DEMO] },
  { key: 'barrierefreiheit', path: '/barrierefreiheitserklaerung', tenants: [DEMO] },
]

for (const { key, path, tenants } of LEGAL_PAGES) {
  for (const tenant of tenants) {
    for (const locale of LOCALES) {
      test(`${key} of ${tenant.slug} (${locale}) shows its content, sanitized and reachable from the footer`, async ({
        page,
      }) => {
        const content = pageOf(tenant, locale, key)
        const base = prefix(tenant, locale)
        // The legal pages are open on forced-login tenants too (SPEC §2.4 whitelist).
        await openPage(page, `${base}${path}`)
        await expect(page).toHaveURL(exactUrl(`${base}${path}`))
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(shown(tenant, locale, content.Titel))
        for (const section of content.Inhalte.filter((s) => s.Titel)) {
          await expect(
            page.getByRole('heading', { level: 2, name: shown(tenant, locale, section.Titel!), exact: true }),
          ).toBeVisible()
        }
        const main = page.getByRole('main')
        await expect(main).not.toContainText('{{')
        await expect(main.locator('script')).toHaveCount(0)
        await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(footerLabel(key, locale))}`))
        await expectNoAxeViolations(page)
        await saveScreenshot(page, `content-${key}-${tenant.slug}-${locale}`)

        // From the footer of another page.
        await openPage(page, `${base}/faq`)
        await page
          .getByRole('navigation', { name: TEXT[locale].legalTitle })
          .getByRole('link', { name: footerLabel(key, locale) })
          .click()
        await expect(page).toHaveURL(exactUrl(`${base}${path}`))
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(shown(tenant, locale, content.Titel))
      })
    }
  }
}

function footerLabel(key: PageKey, locale: Locale): string {
  const text = TEXT[locale]
  const labels: Record<PageKey, string> = {
    datenschutz: text.legal[0]!,
    agb: text.legal[1]!,
    impressum: text.imprint,
    barrierefreiheit: text.accessibility,
  }
  return labels[key]
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

test('the privacy policy names the cookies the portal really sets', async ({ page }) => {
  await openPage(page, '/demo/datenschutz')
  const main = page.getByRole('main')
  await expect(main.getByRole('table').first()).toBeVisible()
  await expect(main).toContainText('psoe_token')
  const cookies = await page.context().cookies()
  for (const cookie of cookies) await expect(main).toContainText(cookie.name)
})

test('demo-closed has no accessibility statement: the address is not found', async ({ page }) => {
  await openPage(page, '/demo-closed/barrierefreiheitserklaerung')
  await expect(page.getByText(TEXT.de.notFoundMessage)).toBeVisible()
})

async function searchFaq(page: Page, locale: Locale, query: string) {
  const label = locale === 'de' ? 'Fragen durchsuchen' : 'Search the questions'
  await page.getByRole('searchbox', { name: label }).fill(query)
}

for (const tenant of TENANTS) {
  for (const locale of LOCALES) {
    test(`the FAQ of ${tenant.slug} (${locale}) is an accordion that can be searched and deep-linked`, async ({
      page,
    }) => {
      const faq = FILES[tenant.slug][locale].faq
      const base = prefix(tenant, locale)
      await openPage(page, `${base}/faq`)
      const title = locale === 'de' ? 'Häufige Fragen' : 'Frequently asked questions'
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      const questions = page.locator('details.faq__item > summary')
      await expect(questions).toHaveCount(faq.length)
      // Every category is a heading of its own.
      for (const category of new Set(faq.map((f) => f.Kategorie))) {
        await expect(
          page.getByRole('main').getByRole('heading', { level: 2, name: category, exact: true }),
        ).toBeVisible()
      }

      // Opening a question shows its answer and puts its anchor in the address.
      const first = faq[0]!
      await page.getByText(shown(tenant, locale, first.Frage), { exact: true }).click()
      await expect(page.locator(`#${first.Anker}`)).toHaveAttribute('open', '')
      await expect(page).toHaveURL(new RegExp(`#${first.Anker}$`))

      // Searching narrows the list; nothing found offers the contact form.
      const payout = faq.filter((f) => /auszahl|payout|paid out/i.test(`${f.Frage} ${f.Antwort}`))
      expect(payout.length).toBeGreaterThan(0)
      await searchFaq(page, locale, locale === 'de' ? 'Auszahlung' : 'payout')
      await expect(questions.first()).toBeVisible()
      const count = await questions.count()
      expect(count).toBeGreaterThan(0)
      expect(count).toBeLessThan(faq.length)
      await searchFaq(page, locale, 'xylophonunterricht')
      await expect(questions).toHaveCount(0)
      await expect(
        page.getByRole('link', {
          name:
            locale === 'de'
              ? 'Schreiben Sie uns über das Kontaktformular.'
              : 'Write to us using the contact form.',
        }),
      ).toHaveAttribute('href', `${base}/kontakt`)
      await searchFaq(page, locale, '')
      await expect(questions).toHaveCount(faq.length)
      await expectNoAxeViolations(page)

      // A deep link (opened from another page) opens its question.
      const last = faq[faq.length - 1]!
      await openPage(page, `${base}/agb`)
      await openPage(page, `${base}/faq#${last.Anker}`)
      await expect(page.locator(`#${last.Anker}`)).toHaveAttribute('open', '')
      await expect(page.locator(`#${last.Anker} .faq__answer`)).toBeVisible()
      await saveScreenshot(page, `faq-${tenant.slug}-${locale}`)
    })
  }
}

test('the FAQ answers who may take part, payout times and the hotline hours', async ({ page }) => {
  await openPage(page, '/demo/faq')
  await searchFaq(page, 'de', '18')
  await expect(page.locator('details.faq__item').first()).toBeVisible()
  await searchFaq(page, 'de', '4 Wochen')
  await expect(page.locator('details.faq__item').first()).toBeVisible()
  const hours = demoDe.variablen.find((v) => v.Name === 'HotlineZeiten')!.Wert
  await searchFaq(page, 'de', 'Hotline')
  const item = page.locator('details.faq__item').first()
  await item.locator('summary').click()
  await expect(item).toContainText(hours)
})

for (const locale of LOCALES) {
  test(`home and a category page of demo (${locale}) show their key visuals and content blocks`, async ({
    page,
  }) => {
    const content = FILES.demo[locale]
    const base = prefix(DEMO, locale)
    await openPage(page, base)
    const visual = content.keyVisuals.find((k) => k.Platz === 'home')!
    const image = page.getByRole('img', { name: shown(DEMO, locale, visual.Bild.Alt) })
    await expect(image).toBeVisible()
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    // One hero (issue 19): the key visual lends the hero its picture and link, not a second heading.
    const hero = page.locator('.hero')
    await expect(hero).toHaveCount(1)
    await expect(hero.getByRole('img', { name: shown(DEMO, locale, visual.Bild.Alt) })).toBeVisible()
    await expect(hero.getByRole('link', { name: shown(DEMO, locale, visual.Link!.Text) })).toHaveAttribute(
      'href',
      `${base}${visual.Link!.Ziel}`,
    )
    await expect(page.getByRole('heading', { name: shown(DEMO, locale, visual.Titel) })).toHaveCount(0)
    for (const block of content.bloecke.filter((b) => b.Platz === 'home')) {
      await expect(
        page.getByRole('heading', { level: 2, name: shown(DEMO, locale, block.Titel), exact: true }),
      ).toBeVisible()
    }
    await expectNoAxeViolations(page)

    const categoryBlock = content.bloecke.find((b) => b.Platz.startsWith('kategorie:'))!
    const path = categoryBlock.Platz.slice('kategorie:'.length)
    await openPage(page, `${base}/${path}`)
    await expect(
      page.getByRole('heading', { level: 2, name: shown(DEMO, locale, categoryBlock.Titel), exact: true }),
    ).toBeVisible()
    await expectNoAxeViolations(page)
    await saveScreenshot(page, `content-category-demo-${locale}`)
  })
}

test('demo-closed shows its own footer text in both languages (tenant texts)', async ({ page }) => {
  await logIn(page, DEMO_CLOSED)
  for (const locale of LOCALES) {
    const texts = FILES['demo-closed'][locale].texte as Record<string, string>
    const [key, value] = Object.entries(texts)[0]!
    expect(key).toBe('Footer.text')
    await openPage(page, prefix(DEMO_CLOSED, locale))
    await expect(page.locator('.site-footer')).toContainText(value)
  }
  // demo keeps the portal's text.
  await openPage(page, '/demo')
  await expect(page.locator('.site-footer')).toContainText(TEXT.de.footerText)
})

test('a tenant whose content service does not answer still shows its pages, with "Inhalt nicht verfügbar"', async ({
  page,
  request,
}) => {
  // A slug of this run: pages of an earlier run's tenant may still be in the build's page cache.
  const slug = `ausfall-${Date.now().toString(36)}`
  const created = await request.put(`/api/v1/mandant/${slug}`, {
    headers: { Authorization: `Bearer ${E2E_OPERATOR_API_KEY}`, 'X-Requested-With': 'e2e' },
    data: {
      Name: 'Ausfall Telekom',
      ProgrammName: 'Ausfall Freunde-Bonus',
      SupportEmail: 'hilfe@ausfall.example',
      MandantUrl: 'https://www.ausfall.example',
      // Nothing listens on port 9 of the loopback address: every content call fails at once.
      Content: {
        Source: 'squidex',
        Url: 'http://127.0.0.1:9',
        AppName: 'ausfall',
        ClientId: 'ausfall:portal',
        ClientSecret: 'ausfall-secret',
        Ids: { impressum: 'impressum', datenschutz: 'datenschutz', agb: 'agb', faq: 'faq' },
      },
    },
  })
  expect(created.status()).toBe(200)
  for (const path of ['/datenschutz', '/agb', '/impressum', '/faq']) {
    await openPage(page, `/${slug}${path}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText('Inhalt nicht verfügbar', { exact: true })).toBeVisible()
  }
  await openPage(page, `/${slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.homeHeadline)
  await expect(page.getByText('Inhalt nicht verfügbar', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'content-outage-home')
  await openPage(page, `/${slug}/en/datenschutz`)
  await expect(page.getByText('Content not available', { exact: true })).toBeVisible()
})
