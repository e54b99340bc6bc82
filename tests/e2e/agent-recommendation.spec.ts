import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { germanToday } from '@/lib/shared/catalog/reward-periods'
import { signIn, OWNER } from './agency-support'
import { friendFollows, report } from './orders-support'
import { DEMO, DEMO_CLOSED, exactUrl, expectNoAxeViolations, logIn, saveScreenshot } from './support'

// EmpfehlenAgent (SPEC §2.2, §3 Agent search result, §7.1 Produkt/berater, §9 page size 6 and reward
// choice 100; issue 18): a referrer finds the agent who advised them by town and postcode, pages through
// the results, and recommends the product together with the agent; the friend's landing shows the
// agent, and the order that follows is the agent's agency's. Without ModuleAgentRecommendation
// (demo-closed) the screen does not exist.

const overflow = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth)

test('a referrer finds an agent, pages through the results and recommends the agent with the product', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await logIn(page, DEMO)
  await page.goto('/demo/empfehlen/462')
  await page.getByRole('link', { name: 'Berater mit empfehlen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo/agent/empfehlen/462'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Lumenta Zuhause M mit Ihrem Berater empfehlen',
  )
  await expect(
    page.getByRole('heading', { level: 2, name: 'Welcher Berater hat Sie beraten?' }),
  ).toBeVisible()
  await expectNoAxeViolations(page)

  // A town finds more agents than fit a page: six a page, with "Weiter" and "Zurück".
  const searchRegion = page.getByRole('region', { name: 'Welcher Berater hat Sie beraten?' })
  const status = searchRegion.getByRole('status')
  const search = page.getByRole('search')
  await search.getByLabel('Name, Postleitzahl oder Ort').fill('Berlin')
  await search.getByRole('button', { name: 'Berater suchen' }).click()
  await expect(page).toHaveURL(/\/demo\/agent\/empfehlen\/462\?suche=Berlin$/)
  await expect(status).toHaveText(/^\d+ Berater gefunden$/)
  const found = Number((await status.innerText()).split(' ')[0])
  expect(found).toBeGreaterThan(6)
  const results = page.getByRole('list').filter({ has: page.getByRole('heading', { level: 3 }) })
  await expect(results.getByRole('listitem')).toHaveCount(6)
  await expect(results.getByRole('listitem').first()).toContainText('Berlin')
  const pages = page.getByRole('navigation', { name: 'Seiten der Suchergebnisse' })
  const pageCount = Math.ceil(found / 6)
  await expect(pages).toContainText(`Seite 1 von ${pageCount}`)
  await expect(pages.getByRole('link', { name: 'Zurück' })).toHaveCount(0)
  // Every photo is a drawn portrait the browser could load (lazily, once scrolled to).
  for (const img of await results.locator('img').all()) {
    await img.scrollIntoViewIfNeeded()
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true)
  }
  expect(await overflow(page)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agent-search-phone')
  await pages.getByRole('link', { name: 'Weiter' }).click()
  await expect(pages).toContainText(`Seite 2 von ${pageCount}`)
  await expect(results.getByRole('listitem')).toHaveCount(Math.min(6, found - 6))
  await pages.getByRole('link', { name: 'Zurück' }).click()
  await expect(pages).toContainText(`Seite 1 von ${pageCount}`)

  // A page past the last (an old link) leads back to the first.
  await page.goto('/demo/agent/empfehlen/462?suche=Berlin&seite=99')
  await expect(status).toHaveText('Diese Seite der Suchergebnisse gibt es nicht. Zur ersten Seite')
  await status.getByRole('link', { name: 'Zur ersten Seite' }).click()
  await expect(pages).toContainText(`Seite 1 von ${pageCount}`)

  // Nothing found is said as such.
  await search.getByLabel('Name, Postleitzahl oder Ort').fill('Zzyzx')
  await search.getByRole('button', { name: 'Berater suchen' }).click()
  await expect(status).toContainText('Es wurde kein Berater gefunden.')

  // The postcode finds the one agent; choosing him brings the form, the whole reward offered first.
  await search.getByLabel('Name, Postleitzahl oder Ort').fill('12045')
  await search.getByRole('button', { name: 'Berater suchen' }).click()
  await expect(status).toHaveText('1 Berater gefunden')
  await page.getByRole('link', { name: 'Jonas Becker auswählen' }).click()
  const chosen = page.getByRole('region', { name: 'Ihr Berater' })
  await expect(chosen.getByRole('heading', { level: 3, name: 'Jonas Becker' })).toBeVisible()
  await expect(chosen).toContainText('12045 Berlin')
  await expect(chosen.getByRole('link', { name: 'Anderen Berater wählen' })).toBeVisible()
  const share = page.getByRole('group', { name: 'Wer soll die Prämie erhalten?' })
  await expect(share.getByRole('radio', { name: /Ich erhalte die Prämie/ })).toBeChecked()
  expect(await overflow(page)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'agent-chosen-phone')
  await page.getByRole('checkbox', { name: /Ich akzeptiere die Teilnahmebedingungen/ }).check()
  await page.getByRole('button', { name: 'Empfehlung erstellen' }).click()
  await expect(page).toHaveURL(/\/demo\/bestaetigung\?empfehlung=[0-9A-Z]{10}&neu=1$/)
  const nr = new URL(page.url()).searchParams.get('empfehlung')!
  const link = await page.getByLabel('Ihr persönlicher Empfehlungslink').inputValue()

  // The friend's landing shows the agent with photo.
  const friend = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } })
  const landing = await friend.newPage()
  await landing.goto(link)
  await expect(landing.getByRole('heading', { level: 1 })).toContainText('Lumenta Zuhause M')
  const agent = landing.getByRole('region', { name: 'Ihr persönlicher Berater' })
  await expect(agent.getByRole('heading', { level: 3, name: 'Jonas Becker' })).toBeVisible()
  await expect(agent).toContainText('Jonas Becker aus Berlin berät Sie gern persönlich zu Lumenta Zuhause M.')
  const photo = agent.locator('img')
  await photo.scrollIntoViewIfNeeded()
  await expect
    .poll(() => photo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true)
  expect(await overflow(landing)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(landing)
  await saveScreenshot(landing, 'agent-landing-phone')
  await friend.close()

  // The friend orders: the agency of the agent sees the order with the agent's number.
  const { empfaengernummer } = await friendFollows(page.request, nr)
  const order = `E2E-${randomUUID().slice(0, 12)}`
  await report(page.request, {
    Auftragsnummer: order,
    Empfaengernummer: empfaengernummer,
    ProduktId: 462,
    Auftragsdatum: germanToday(),
    Status: 'Offen',
  })
  const agency = await browser.newContext({ locale: 'de-DE' })
  const owner = await agency.newPage()
  await signIn(owner, 'demo', OWNER)
  await expect(owner).toHaveURL(exactUrl('/demo/agentur/uebersicht'))
  await owner.goto(`/demo/agentur/auftraege?suche=${order}`)
  const row = owner.getByRole('table', { name: 'Aufträge' }).getByRole('row').filter({ hasText: order })
  await expect(row).toContainText('SV-1001')
  await expect(row).toContainText('Lumenta Zuhause M')
  await agency.close()
})

test('without ModuleAgentRecommendation the agent screen does not exist', async ({ page }) => {
  await logIn(page, DEMO_CLOSED)
  await page.goto('/demo-closed/agent/empfehlen/462')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden')
})
