import { expect, test } from '@playwright/test'
import { EMPLOYEE, INACTIVE_OWNER, OWNER, signIn } from './agency-support'
import { expectNoAxeViolations, exactUrl, saveScreenshot } from './support'

// SPEC §6 (issue 17): each role signs in through the real single sign-on, sees exactly its tabs, walks
// every one of them on a phone (heading, no sideways scrolling, no axe findings, a screenshot), and is
// shown "not your role" at the address of every view it lacks.

const TABS = 'Bereiche des Agenturbereichs'

/** Every view: its tab (and heading) and its address below /agentur. */
const VIEWS = {
  StatistikReport: ['Übersicht', 'uebersicht'],
  EmpfehlerReport: ['Empfehler', 'empfehler'],
  AuftragsReport: ['Aufträge', 'auftraege'],
  Praemien: ['Prämien', 'praemien'],
  Einladungstool: ['Einladung', 'einladung'],
  Verwaltung: ['Verwaltung', 'verwaltung'],
  Praemienplan: ['Prämienplan', 'praemienplan'],
  Rechnungen: ['Abrechnungen', 'abrechnungen'],
  Stammdaten: ['Stammdaten', 'stammdaten'],
  Mitarbeiter: ['Mitarbeiter', 'mitarbeiter'],
} as const
type View = keyof typeof VIEWS

const ROLES: [label: string, login: string, views: View[]][] = [
  [
    'owner',
    OWNER,
    [
      'StatistikReport',
      'EmpfehlerReport',
      'AuftragsReport',
      'Praemien',
      'Einladungstool',
      'Verwaltung',
      'Praemienplan',
      'Rechnungen',
      'Stammdaten',
      'Mitarbeiter',
    ],
  ],
  [
    'inactive owner',
    INACTIVE_OWNER,
    [
      'StatistikReport',
      'EmpfehlerReport',
      'AuftragsReport',
      'Praemien',
      'Verwaltung',
      'Praemienplan',
      'Rechnungen',
      'Stammdaten',
    ],
  ],
  [
    'employee',
    EMPLOYEE,
    [
      'StatistikReport',
      'EmpfehlerReport',
      'AuftragsReport',
      'Praemien',
      'Einladungstool',
      'Verwaltung',
      'Praemienplan',
      'Stammdaten',
    ],
  ],
]

for (const [label, login, views] of ROLES) {
  test(`the ${label} walks every tab of the role and is refused the others`, async ({ page }) => {
    // Every tab of the role and every refused one: minutes on a slow, loaded machine.
    test.setTimeout(360_000)
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, 'demo', login)
    await expect(page).toHaveURL(exactUrl('/demo/agentur/uebersicht'))
    const tabs = page.getByRole('navigation', { name: TABS })
    await expect(tabs.getByRole('link')).toHaveText(views.map((view) => VIEWS[view][0]))
    for (const view of views) {
      const [tab, slug] = VIEWS[view]
      await tabs.getByRole('link', { name: tab, exact: true }).click()
      await expect(page).toHaveURL(exactUrl(`/demo/agentur/${slug}`))
      await expect(page.getByRole('heading', { level: 1, name: tab, exact: true })).toBeVisible()
      await expect(tabs.getByRole('link', { name: tab, exact: true })).toHaveAttribute('aria-current', 'page')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await expectNoAxeViolations(page)
      await saveScreenshot(page, `agency-${label.replace(' ', '-')}-${slug}-phone`)
    }
    for (const view of Object.keys(VIEWS) as View[]) {
      if (views.includes(view)) continue
      await page.goto(`/demo/agentur/${VIEWS[view][1]}`)
      await expect(page.locator('main').getByRole('alert')).toHaveText(
        'Diese Ansicht gehört nicht zu Ihrer Rolle.',
      )
    }
  })
}
