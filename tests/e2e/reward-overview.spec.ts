import { expect, test, type Locator, type Page } from '@playwright/test'
import { DEMO_CLOSED, exactUrl, expectNoAxeViolations, logIn, openPage, saveScreenshot } from './support'

// SPEC §2.2 AktuellePraemienuebersicht (/aktuellepraemienuebersicht): the active rewards of the demo
// catalogue as a carousel a keyboard can turn, per product category the reward in force and the next
// one, how a reward can be shared (with the banknote pictures) and the way to the products.

const DATE_DE = String.raw`\d\d\.\d\d\.\d{4}`
const DATE_EN = String.raw`\d\d/\d\d/\d{4}`
/** Amounts are written with a no-break space before the euro sign (Intl), which a RegExp must allow. */
const EUR = String.raw`\s€`

/** Every picture in `scope` has loaded (a broken one has no natural width). */
async function expectPicturesLoaded(scope: Locator) {
  const images = scope.locator('img:visible')
  expect(await images.count()).toBeGreaterThan(0)
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded()
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
  }
}

const shownSlide = (page: Page) =>
  page.getByRole('region', { name: /^(Aktuelle Prämien|Current rewards)$/ }).getByRole('group')

test('the German overview: carousel by keyboard, categories, sharing, pictures, call to action', async ({
  page,
}) => {
  // A visitor finds the page in the footer of the home page.
  await openPage(page, '/demo')
  await page
    .getByRole('navigation', { name: 'Prämien' })
    .getByRole('link', { name: 'Aktuelle Prämien' })
    .click()
  await expect(page).toHaveURL(exactUrl('/demo/aktuellepraemienuebersicht'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aktuelle Prämien im Überblick')
  const breadcrumb = page.getByRole('navigation', { name: 'Brotkrumennavigation' })
  await expect(breadcrumb.getByRole('link', { name: 'Startseite' })).toHaveAttribute('href', '/demo')
  await expect(breadcrumb.getByText('Aktuelle Prämien')).toHaveAttribute('aria-current', 'page')

  // The carousel: the highest reward first, one slide at a time, turned with the keyboard only.
  const carousel = page.getByRole('region', { name: 'Aktuelle Prämien' })
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel')
  await expect(shownSlide(page)).toHaveAccessibleName('1 von 5')
  await expect(shownSlide(page).getByRole('heading', { level: 3 })).toHaveText('110 € Prämie')
  await expect(shownSlide(page)).toContainText(new RegExp(`Gültig bis ${DATE_DE}\\.`))
  await expect(shownSlide(page)).toContainText('Gilt für Sport-Streaming.')
  await expectPicturesLoaded(shownSlide(page))
  const previous = carousel.getByRole('button', { name: 'Vorherige Prämie' })
  const next = carousel.getByRole('button', { name: 'Nächste Prämie' })
  await previous.focus()
  await page.keyboard.press('Tab')
  await expect(next).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(shownSlide(page)).toHaveAccessibleName('2 von 5')
  await expect(shownSlide(page).getByRole('heading', { level: 3 })).toHaveText('90 € Prämie')
  await expect(shownSlide(page)).toContainText(/Gilt für .*Glasfaser.* und \d weitere Kategorien\./)
  await page.keyboard.press('Space')
  await expect(shownSlide(page).getByRole('heading', { level: 3 })).toHaveText('80 € Prämie')
  await page.keyboard.press('ArrowRight')
  await expect(shownSlide(page).getByRole('heading', { level: 3 })).toHaveText('70 € Prämie')
  await page.keyboard.press('Shift+Tab')
  await expect(previous).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(shownSlide(page)).toHaveAccessibleName('3 von 5')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  // Wraps from the first to the last reward.
  await expect(shownSlide(page)).toHaveAccessibleName('5 von 5')
  await expect(shownSlide(page).getByRole('heading', { level: 3 })).toHaveText('50 € Prämie')
  await expectPicturesLoaded(shownSlide(page))

  // Per category, grouped by product family: the reward in force, how long it holds, and the next
  // amount only where it changes (SPEC §3 texts).
  const categories = page.getByRole('region', { name: 'Prämien nach Produktkategorie' })
  const row = (name: string) =>
    categories.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
  await expect(categories.getByRole('table')).toHaveCount(6)
  await expect(row('Internet & Telefon').getByRole('cell')).toHaveText(
    new RegExp(`^70${EUR} bis ${DATE_DE}ab ${DATE_DE}: 75${EUR}$`),
  )
  await expect(row('Glasfaser').getByRole('cell')).toHaveText(new RegExp(`^bis zu 90${EUR} `))
  await expect(row('Glasfaser').getByRole('link', { name: 'Glasfaser' })).toHaveAttribute(
    'href',
    '/demo/glasfaser',
  )
  // The sport package keeps its amount into the next period: the row says so once.
  await expect(row('Sport-Streaming').getByRole('cell')).toHaveText(new RegExp(`^bis zu 110${EUR} `))
  await expect(row('Sport-Streaming').getByRole('cell')).not.toContainText(/\bab \d/)
  await expect(row('Smartphones').getByRole('link')).toHaveAttribute('href', '/demo/smartphones.html')

  // Sharing: all three shares of the demo tenant, shown with the pictures of the highest reward.
  const sharing = page.getByRole('region', { name: 'So teilen Sie Ihre Prämie' })
  await expect(
    sharing.getByText('Beim Empfehlen entscheiden Sie, wer die Prämie erhält.', { exact: false }),
  ).toBeVisible()
  await expect(sharing.getByRole('heading', { level: 3 })).toHaveText([
    '100 % für Sie',
    '50:50',
    '100 % für Ihren Freund',
  ])
  await expect(sharing.getByText('Sie und Ihr Freund erhalten je die Hälfte: 55 €.')).toBeVisible()
  await expect(sharing.getByRole('img', { name: '55 € für Sie' })).toBeVisible()
  await expect(sharing.getByRole('img', { name: '55 € für Ihren Freund' })).toBeVisible()
  await expect(sharing.getByRole('img', { name: 'Prämie über 110 €' })).toHaveCount(2)
  await expectPicturesLoaded(sharing)

  const cta = page.getByRole('region', { name: 'Jetzt Prämie sichern' })
  await expect(cta.getByRole('link', { name: 'Jetzt Produkt auswählen' })).toHaveAttribute('href', '/demo')

  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'reward-overview-desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(shownSlide(page)).toBeVisible()
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'reward-overview-phone')

  await cta.getByRole('link', { name: 'Jetzt Produkt auswählen' }).click()
  await expect(page).toHaveURL(exactUrl('/demo'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Empfehlen lohnt sich')
})

test('the English overview speaks English, on the page and in the pictures', async ({ page }) => {
  await openPage(page, '/demo/en/aktuellepraemienuebersicht')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Current rewards at a glance')
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Current rewards'),
  ).toHaveAttribute('aria-current', 'page')
  const carousel = page.getByRole('region', { name: 'Current rewards' })
  await expect(shownSlide(page)).toHaveAccessibleName('1 of 5')
  await expect(shownSlide(page).getByRole('heading', { level: 3 })).toHaveText('€110 reward')
  await carousel.getByRole('button', { name: 'Next reward' }).focus()
  await page.keyboard.press('Enter')
  await expect(shownSlide(page)).toHaveAccessibleName('2 of 5')
  await expect(shownSlide(page).getByRole('heading', { level: 3 })).toHaveText('€90 reward')
  await expect(shownSlide(page)).toContainText(new RegExp(`Valid until ${DATE_EN}\\.`))

  const categories = page.getByRole('region', { name: 'Rewards by product category' })
  const fibre = categories
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Glass fibre', exact: true }) })
  await expect(fibre.getByRole('cell')).toHaveText(/^up to €90 /)
  await expect(fibre.getByRole('link', { name: 'Glass fibre' })).toHaveAttribute('href', '/demo/en/glasfaser')

  const sharing = page.getByRole('region', { name: 'How to share your reward' })
  await expect(sharing.getByRole('img', { name: '€55 for your friend' })).toHaveAttribute(
    'src',
    /\/api\/v1\/demo\/praemie\/\d+\/grafik50empfaenger\?lang=en$/,
  )
  await expectPicturesLoaded(sharing)
  await expect(page.getByRole('link', { name: 'Choose a product now' })).toHaveAttribute('href', '/demo/en')
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'reward-overview-en-desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await saveScreenshot(page, 'reward-overview-en-phone')
})

test("demo-closed's overview after login: its own rewards and only the shares it offers", async ({
  page,
}) => {
  await logIn(page, DEMO_CLOSED)
  await openPage(page, '/demo-closed/aktuellepraemienuebersicht')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aktuelle Prämien im Überblick')
  await expect(shownSlide(page)).toHaveAccessibleName('1 von 4')
  await expect(shownSlide(page).getByRole('heading', { level: 3 })).toHaveText('90 € Prämie')
  const categories = page.getByRole('region', { name: 'Prämien nach Produktkategorie' })
  await expect(categories.getByRole('rowheader')).toHaveText([
    'Internet & Telefon',
    'Glasfaser',
    'Smartphone-Tarife',
    'Smartphones',
  ])
  // RewardShareOptions of demo-closed: 100 % for the referrer or 50:50, not all for the friend.
  const sharing = page.getByRole('region', { name: 'So teilen Sie Ihre Prämie' })
  await expect(sharing.getByRole('heading', { level: 3 })).toHaveText(['100 % für Sie', '50:50'])
  await expect(sharing.getByRole('img', { name: '45 € für Ihren Freund' })).toBeVisible()
  await expectPicturesLoaded(sharing)
  await expectNoAxeViolations(page)
  await saveScreenshot(page, 'reward-overview-demo-closed')
})
