import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import de from '@/messages/de.json'
import {
  ACCOUNT,
  baseProps,
  email,
  expectAccountShownLocked,
  nachname,
  vorname,
} from './recommend-form-fixtures'
import { SessionRecommendForm } from './session-recommend-form'

jest.mock('next/navigation', () => ({ usePathname: () => '/demo/empfehlen/462' }))

const SESSION = '/api/session/demo'
const INVITED = {
  vorname: 'Berta',
  nachname: 'Gast',
  email: 'berta.gast@example.org',
  agentur: 'Agentur Nord',
}

/** The session resource answers `answer` once asked; until then the form is what every visitor gets. */
function sessionAnswers(answer: unknown) {
  let release: () => void = () => {}
  const asked = new Promise<void>((resolve) => (release = resolve))
  const fetchMock = jest.fn(async () => {
    await asked
    return { ok: true, json: async () => answer } as Response
  })
  global.fetch = fetchMock as never
  return { fetchMock, release }
}

function renderForm() {
  const props: Partial<ReturnType<typeof baseProps>> = baseProps()
  delete props.account
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
        <SessionRecommendForm {...(props as Required<typeof props>)} sessionUrl={SESSION} />
      </NextIntlClientProvider>
    </SWRConfig>,
  )
}

describe('SessionRecommendForm: the page is the same for everyone, the browser fills in the visitor', () => {
  it('fills in and locks a logged-in referrer’s name and e-mail from the session', async () => {
    const { fetchMock, release } = sessionAnswers({ loggedIn: true, ...ACCOUNT, admin: false })
    renderForm()
    expect(vorname()).toHaveValue('')
    expect(vorname()).not.toHaveAttribute('readonly')
    expect(screen.getByText(de.Recommend.formIntro)).toBeInTheDocument()
    release()
    await waitFor(() => expect(vorname()).toHaveValue('Anna'))
    expectAccountShownLocked()
    expect(fetchMock).toHaveBeenCalledWith(SESSION, expect.objectContaining({ cache: 'no-store' }))
  })

  it('drops the required messages of a form sent before the account came, once it comes', async () => {
    const { release } = sessionAnswers({ loggedIn: true, ...ACCOUNT, admin: false })
    renderForm()
    fireEvent.click(screen.getByRole('button', { name: 'Empfehlung erstellen' }))
    expect(await screen.findByText('Vorname ist ein Pflichtfeld')).toBeInTheDocument()
    release()
    await waitFor(() => expect(vorname()).toHaveValue('Anna'))
    await waitFor(() => expect(screen.queryByText('Vorname ist ein Pflichtfeld')).not.toBeInTheDocument())
    expect(screen.queryByText('Nachname ist ein Pflichtfeld')).not.toBeInTheDocument()
    expect(screen.queryByText('E-Mail-Adresse ist ein Pflichtfeld')).not.toBeInTheDocument()
    expect(vorname()).not.toHaveAttribute('aria-invalid', 'true')
  })

  it('starts an invited visitor with the invitation’s details, open to change, and keeps what he typed', async () => {
    const { release } = sessionAnswers({ loggedIn: false, invited: INVITED })
    renderForm()
    fireEvent.change(email(), { target: { value: 'eigene@example.org' } })
    release()
    await waitFor(() => expect(vorname()).toHaveValue('Berta'))
    expect(nachname()).toHaveValue('Gast')
    expect(email()).toHaveValue('eigene@example.org')
    expect(vorname()).not.toHaveAttribute('readonly')
    expect(
      screen.getByText(
        'Ihre Angaben aus der Einladung von Agentur Nord sind schon eingetragen. Bitte prüfen Sie sie kurz.',
      ),
    ).toBeInTheDocument()
  })

  it('leaves the fields open and empty for a visitor the session does not know', async () => {
    const { fetchMock, release } = sessionAnswers({ loggedIn: false })
    renderForm()
    release()
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    await waitFor(() => expect(screen.getByText(de.Recommend.formIntro)).toBeInTheDocument())
    for (const input of [vorname(), nachname(), email()]) {
      expect(input).toHaveValue('')
      expect(input).not.toHaveAttribute('readonly')
    }
  })
})
