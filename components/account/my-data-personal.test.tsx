import { render, screen, waitFor } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import de from '@/messages/de.json'
import { MyDataAccount, MyDataLanguage, MyDataNewsletter } from './my-data-personal'

let query = ''
const navigate = { replace: jest.fn() }
jest.mock('next/navigation', () => ({
  useRouter: () => navigate,
  usePathname: () => '/demo/meinedaten',
  useSearchParams: () => new URLSearchParams(query),
}))
jest.mock('react-dom', () => ({
  ...jest.requireActual('react-dom'),
  useFormStatus: () => ({ pending: false }),
}))

const SESSION = '/api/session/demo'
const ANNA = {
  loggedIn: true,
  anrede: 'Frau',
  vorname: 'Anna',
  nachname: 'Beispiel',
  email: 'anna.beispiel@example.org',
  language: 'en',
  newsletter: false,
  newsletterRequestedAt: null,
  admin: false,
}

function sessionAnswers(...answers: unknown[]) {
  const fetchMock = jest.fn(async () => ({
    ok: true,
    json: async () => (answers.length > 1 ? answers.shift() : answers[0]),
  }))
  global.fetch = fetchMock as never
  return fetchMock
}

const subscribe = jest.fn(async () => {})
const unsubscribe = jest.fn(async () => {})

// One cache per test, the same object across re-renders of that test.
let swr = { provider: () => new Map(), dedupingInterval: 0 }

const parts = () => (
  <SWRConfig value={swr}>
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <MyDataAccount
        sessionUrl={SESSION}
        anreden={{ Frau: 'Frau', Herr: 'Herr', Divers: 'Divers' }}
        loginHref="/demo/login"
      />
      <MyDataNewsletter sessionUrl={SESSION} tenant="demo" subscribe={subscribe} unsubscribe={unsubscribe} />
      <form>
        <MyDataLanguage
          sessionUrl={SESSION}
          languages={['de', 'en']}
          labels={{ de: 'Deutsch', en: 'English' }}
        />
      </form>
    </NextIntlClientProvider>
  </SWRConfig>
)

const renderParts = () => render(parts())

beforeEach(() => {
  query = ''
  const cache = new Map()
  swr = { provider: () => cache, dedupingInterval: 0 }
})

describe('MyData: the account’s own parts, filled in by the browser from the session resource', () => {
  it('shows anrede, name and e-mail, the newsletter state with its form, and the account’s language', async () => {
    sessionAnswers(ANNA)
    renderParts()
    expect(screen.getAllByText('…').length).toBeGreaterThan(0)
    await waitFor(() => expect(screen.getByText('Anna Beispiel')).toBeInTheDocument())
    expect(screen.getByText('anna.beispiel@example.org')).toBeInTheDocument()
    expect(screen.getByText('Frau')).toBeInTheDocument()
    expect(screen.getByText(de.MyData.statusOptedOut)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: de.MyData.subscribe })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: de.MyData.unsubscribe })).not.toBeInTheDocument()
    expect(screen.getByLabelText(de.MyData.languageTitle)).toHaveValue('en')
  })

  it('says when the confirmation mail went out, and offers to unsubscribe once subscribed', async () => {
    sessionAnswers({ ...ANNA, newsletterRequestedAt: '2026-11-20T09:30:00Z' })
    const { unmount } = renderParts()
    await waitFor(() =>
      expect(screen.getByText(de.MyData.statusPending.replace('{datum}', '20.11.2026'))).toBeInTheDocument(),
    )
    // Asked for: the button sends the confirmation mail again.
    expect(screen.getByRole('button', { name: de.MyData.subscribeAgain })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: de.MyData.unsubscribe })).toBeInTheDocument()
    unmount()
    sessionAnswers({ ...ANNA, newsletter: true })
    renderParts()
    await waitFor(() => expect(screen.getByText(de.MyData.statusOptedIn)).toBeInTheDocument())
    expect(screen.queryByRole('button', { name: de.MyData.subscribe })).not.toBeInTheDocument()
  })

  it('reads the session again when an action comes back with a new query', async () => {
    const fetchMock = sessionAnswers(ANNA, { ...ANNA, newsletterRequestedAt: '2026-11-27T10:00:00Z' })
    const view = renderParts()
    await waitFor(() => expect(screen.getByText(de.MyData.statusOptedOut)).toBeInTheDocument())
    const reads = fetchMock.mock.calls.length
    // The same page stays mounted; only its query changed.
    query = 'newsletter=angefordert'
    view.rerender(parts())
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(reads))
    await waitFor(() =>
      expect(screen.getByText(de.MyData.statusPending.replace('{datum}', '27.11.2026'))).toBeInTheDocument(),
    )
  })

  it('leads to login when the session has ended meanwhile', async () => {
    sessionAnswers({ loggedIn: false })
    renderParts()
    await waitFor(() => expect(navigate.replace).toHaveBeenCalledWith('/demo/login'))
    expect(screen.queryByText('anna.beispiel@example.org')).not.toBeInTheDocument()
  })
})
