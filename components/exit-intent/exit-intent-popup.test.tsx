import { act, fireEvent, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { useSearchParams } from 'next/navigation'
import de from '@/messages/de.json'
import { DEFAULT_COOKIE_SETTINGS } from '@/lib/portal/consent/consent-cookie'
import { allGiven } from '@/lib/portal/consent/categories'
import {
  configureConsent,
  resetConsentForTests,
  setConsent,
  setConsentOverlay,
} from '@/lib/portal/consent/store'
import { ExitIntentPopup, resetExitIntentForTests } from './exit-intent-popup'

jest.mock('next/navigation', () => ({ useSearchParams: jest.fn() }))
const mockedSearchParams = jest.mocked(useSearchParams)

function renderPopup(query = '') {
  mockedSearchParams.mockReturnValue(new URLSearchParams(query) as never)
  return render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <ExitIntentPopup delayMs={15_000} ctaHref="/demo#categories-title" programme="Lumenta Freunde-Bonus" />
    </NextIntlClientProvider>,
  )
}

let now = 0
const leaveTop = () => act(() => void fireEvent.mouseOut(document, { clientY: -1, relatedTarget: null }))
const dialog = () => screen.queryByRole('dialog', { name: 'Bevor Sie gehen …' })

beforeEach(() => {
  now = 0
  jest.spyOn(performance, 'now').mockImplementation(() => now)
  resetConsentForTests()
  resetExitIntentForTests()
  sessionStorage.clear()
  configureConsent({ tenant: 'demo', cookie: DEFAULT_COOKIE_SETTINGS })
})

afterEach(() => jest.restoreAllMocks())

describe('ExitIntentPopup', () => {
  it('waits for the configured time on the page, then shows the call to action once', () => {
    renderPopup()
    now = 14_999
    leaveTop()
    expect(dialog()).toBeNull()
    now = 15_000
    leaveTop()
    expect(dialog()).toBeInTheDocument()
    expect(screen.getByText(/Empfehlen Sie Lumenta Freunde-Bonus weiter/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Jetzt Produkt empfehlen' })).toHaveAttribute(
      'href',
      '/demo#categories-title',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }))
    expect(dialog()).toBeNull()
    leaveTop()
    expect(dialog()).toBeNull()
  })

  it('reacts only to the pointer leaving through the top edge', () => {
    renderPopup()
    now = 20_000
    act(() => void fireEvent.mouseOut(document, { clientY: 300, relatedTarget: null }))
    act(() => void fireEvent.mouseOut(document, { clientY: -1, relatedTarget: document.body }))
    expect(dialog()).toBeNull()
  })

  it('never shows in widget mode', () => {
    renderPopup('widget=1')
    now = 20_000
    leaveTop()
    expect(dialog()).toBeNull()
  })

  it('never shows while the consent banner or dialog is open', () => {
    renderPopup()
    now = 20_000
    setConsentOverlay('banner', true)
    leaveTop()
    expect(dialog()).toBeNull()
    setConsentOverlay('banner', false)
    leaveTop()
    expect(dialog()).toBeInTheDocument()
  })

  it('remembers "shown" in sessionStorage only with functional consent', () => {
    const first = renderPopup()
    now = 20_000
    leaveTop()
    expect(dialog()).toBeInTheDocument()
    expect(sessionStorage.length).toBe(0)
    first.unmount()

    // A new visit, now with consent.
    resetExitIntentForTests()
    setConsent(allGiven())
    const second = renderPopup()
    leaveTop()
    expect(dialog()).toBeInTheDocument()
    expect(sessionStorage.getItem('psoempf_exit_intent')).toContain('"value":"1"')
    second.unmount()

    // A reload in the same tab (memory gone, sessionStorage kept) does not show it again.
    resetExitIntentForTests()
    renderPopup()
    leaveTop()
    expect(dialog()).toBeNull()
  })
})
