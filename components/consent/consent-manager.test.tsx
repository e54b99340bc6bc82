import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { usePathname } from 'next/navigation'
import de from '@/messages/de.json'
import {
  CONSENT_COOKIE_NAME,
  DEFAULT_COOKIE_SETTINGS,
  parseConsentCookie,
} from '@/lib/portal/consent/consent-cookie'
import {
  getConsent,
  isConsentOverlayOpen,
  readCookie,
  resetConsentForTests,
} from '@/lib/portal/consent/store'
import type { PortalContext } from '@/lib/routes/href'
import { ConsentManager } from './consent-manager'
import { ConsentSettingsButton } from './consent-settings-button'
import { ConsentSetup } from './consent-setup'

jest.mock('next/navigation', () => ({ usePathname: jest.fn() }))
const mockedPathname = jest.mocked(usePathname)
const CTX: PortalContext = { tenant: 'demo', locale: 'de', hostMapped: false }

/** The consent manager with its setup and settings button beside the page's main element. */
const managerTree = () => (
  <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
    <main id="main" tabIndex={-1} />
    <ConsentSetup tenant="demo" cookie={DEFAULT_COOKIE_SETTINGS} />
    <ConsentManager ctx={CTX} privacyHref="/demo/datenschutz" />
    <ConsentSettingsButton />
  </NextIntlClientProvider>
)

function renderManager(pathname = '/demo') {
  mockedPathname.mockReturnValue(pathname)
  return render(managerTree())
}

const banner = () => screen.queryByRole('region', { name: 'Cookies und Datenschutz' })
const stored = () => parseConsentCookie(readCookie(CONSENT_COOKIE_NAME), 'demo').state

beforeEach(() => {
  resetConsentForTests()
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`
  }
})

describe('ConsentManager', () => {
  it('shows the banner while nothing is decided, with the privacy link and three choices', () => {
    renderManager()
    const region = banner()!
    expect(region).toBeInTheDocument()
    expect(within(region).getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
      'href',
      '/demo/datenschutz',
    )
    expect(
      within(region)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Alle akzeptieren', 'Nur erforderliche', 'Einstellungen'])
    expect(isConsentOverlayOpen()).toBe(true)
    // The page gets room below the fixed banner.
    expect(document.body.style.paddingBottom).toMatch(/px$/)
  })

  it.each(['/demo/datenschutz', '/demo/impressum'])('leaves %s free of the banner', (pathname) => {
    renderManager(pathname)
    expect(banner()).toBeNull()
    expect(isConsentOverlayOpen()).toBe(false)
  })

  it('"Nur erforderliche" stores every optional category as declined and closes the banner', () => {
    renderManager()
    fireEvent.click(screen.getByRole('button', { name: 'Nur erforderliche' }))
    expect(stored()).toEqual({ psoempf_er: 1, psoempf_fu: 0, psoempf_an: 0, psoempf_ma: 0 })
    expect(banner()).toBeNull()
    const announcement = document.querySelector('[data-consent-announcement]')
    expect(announcement).toHaveAttribute('aria-live', 'polite')
    expect(announcement).toHaveTextContent('Ihre Cookie-Auswahl wurde gespeichert.')
    expect(document.activeElement).toBe(document.getElementById('main'))
    expect(document.body.style.paddingBottom).toBe('')
  })

  it('"Alle akzeptieren" gives every category', () => {
    renderManager()
    fireEvent.click(screen.getByRole('button', { name: 'Alle akzeptieren' }))
    expect(stored()).toEqual({ psoempf_er: 1, psoempf_fu: 1, psoempf_an: 1, psoempf_ma: 1 })
  })

  it('opens the dialog with the four categories, the required one on and disabled', () => {
    renderManager()
    fireEvent.click(screen.getByRole('button', { name: 'Einstellungen' }))
    const dialog = screen.getByRole('dialog', { name: 'Cookie-Einstellungen' })
    expect(banner()).toBeNull()
    const switches = within(dialog).getAllByRole('switch')
    expect(switches.map((s) => s.getAttribute('id'))).toEqual([
      'consent-switch-psoempf_er',
      'consent-switch-psoempf_fu',
      'consent-switch-psoempf_an',
      'consent-switch-psoempf_ma',
    ])
    const required = within(dialog).getByRole('switch', { name: 'Erforderlich' })
    expect(required).toBeChecked()
    expect(required).toBeDisabled()
    for (const name of ['Funktional', 'Analyse', 'Marketing']) {
      expect(within(dialog).getByRole('switch', { name })).not.toBeChecked()
      expect(within(dialog).getByRole('switch', { name })).toBeEnabled()
    }
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Cookie-Einstellungen' }))
  })

  it('saves the chosen categories only', () => {
    renderManager()
    fireEvent.click(screen.getByRole('button', { name: 'Einstellungen' }))
    const dialog = screen.getByRole('dialog')
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Analyse' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Auswahl speichern' }))
    expect(stored()).toEqual({ psoempf_er: 1, psoempf_fu: 0, psoempf_an: 1, psoempf_ma: 0 })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(banner()).toBeNull()
  })

  it('closes on Escape without deciding; the banner comes back', () => {
    renderManager()
    fireEvent.click(screen.getByRole('button', { name: 'Einstellungen' }))
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(banner()).toBeInTheDocument()
    expect(getConsent()?.needsConfiguration).toBe(true)
    expect(readCookie(CONSENT_COOKIE_NAME)).toBeNull()
  })

  it('keeps Tab inside the dialog', () => {
    renderManager()
    fireEvent.click(screen.getByRole('button', { name: 'Einstellungen' }))
    const dialog = screen.getByRole('dialog')
    const close = within(dialog).getByRole('button', { name: 'Schließen' })
    const acceptAll = within(dialog).getByRole('button', { name: 'Alle akzeptieren' })
    acceptAll.focus()
    fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(acceptAll)
  })

  it('reopens from the footer button with the stored choice, and returns the focus there', () => {
    renderManager()
    fireEvent.click(screen.getByRole('button', { name: 'Alle akzeptieren' }))
    const footerButton = screen.getByRole('button', { name: 'Cookie-Einstellungen' })
    footerButton.focus()
    fireEvent.click(footerButton)
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByRole('switch', { name: 'Marketing' })).toBeChecked()
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Marketing' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Auswahl speichern' }))
    expect(stored().psoempf_ma).toBe(0)
    expect(stored().psoempf_an).toBe(1)
    expect(document.activeElement).toBe(footerButton)
  })

  it('shows the banner again on another page while nothing is decided', () => {
    const view = renderManager('/demo/datenschutz')
    expect(banner()).toBeNull()
    mockedPathname.mockReturnValue('/demo/faq')
    act(() => {
      view.rerender(managerTree())
    })
    expect(banner()).toBeInTheDocument()
  })
})
