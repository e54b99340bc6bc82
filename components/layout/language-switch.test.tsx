import { fireEvent, render, screen, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { usePathname, useRouter } from 'next/navigation'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import type { PortalContext } from '@/lib/routes/href'
import { LanguageSwitch } from './language-switch'

jest.mock('next/navigation', () => ({ usePathname: jest.fn(), useRouter: jest.fn() }))
const mockedPathname = jest.mocked(usePathname)
const push = jest.fn()
jest.mocked(useRouter).mockReturnValue({ push } as unknown as ReturnType<typeof useRouter>)

function renderSwitch(ctx: PortalContext, pathname: string) {
  mockedPathname.mockReturnValue(pathname)
  return render(
    <NextIntlClientProvider
      locale={ctx.locale}
      messages={ctx.locale === 'de' ? de : en}
      timeZone="Europe/Berlin"
    >
      <LanguageSwitch ctx={ctx} languages={['de', 'en']} />
    </NextIntlClientProvider>,
  )
}

describe('LanguageSwitch', () => {
  it('keeps the query when followed, so a login keeps its redirect target in the other language', () => {
    const redirect = encodeURIComponent('{"path":"/persoenlicherbereich","params":{}}')
    window.history.pushState({}, '', `/demo/login?redirect=${redirect}&widget=1`)
    push.mockClear()
    renderSwitch({ tenant: 'demo', locale: 'de', hostMapped: false }, '/demo/login')
    const link = within(screen.getByRole('navigation', { name: 'Sprache' })).getByRole('link', {
      name: 'English',
    })
    expect(link).toHaveAttribute('href', '/demo/en/login')
    fireEvent.click(link)
    expect(push).toHaveBeenCalledWith(`/demo/en/login?redirect=${redirect}&widget=1`)
    window.history.pushState({}, '', '/')
  })

  it('links the same page in English and marks German as current', () => {
    renderSwitch({ tenant: 'demo', locale: 'de', hostMapped: false }, '/demo/faq')
    const nav = screen.getByRole('navigation', { name: 'Sprache' })
    const link = within(nav).getByRole('link', { name: 'English' })
    expect(link).toHaveAttribute('href', '/demo/en/faq')
    expect(link).toHaveAttribute('hreflang', 'en')
    expect(link).toHaveAttribute('lang', 'en')
    expect(within(nav).queryByRole('link', { name: 'Deutsch' })).not.toBeInTheDocument()
    expect(within(nav).getByText('Aktuelle Sprache: Deutsch')).toBeInTheDocument()
  })

  it('links back to German without a locale prefix', () => {
    renderSwitch({ tenant: 'demo', locale: 'en', hostMapped: false }, '/demo/en/empfehlen/462')
    const nav = screen.getByRole('navigation', { name: 'Language' })
    expect(within(nav).getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', '/demo/empfehlen/462')
    expect(within(nav).getByText('Current language: English')).toBeInTheDocument()
  })

  it('switches the home page', () => {
    renderSwitch({ tenant: 'demo', locale: 'de', hostMapped: false }, '/demo')
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/demo/en')
  })

  it('leaves the tenant out on a host-mapped tenant', () => {
    renderSwitch({ tenant: 'demo', locale: 'en', hostMapped: true }, '/en')
    expect(screen.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', '/')
  })

  it('keeps deeper host-mapped paths', () => {
    renderSwitch({ tenant: 'demo', locale: 'de', hostMapped: true }, '/empfehler/bankdaten')
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/empfehler/bankdaten')
  })
})
