import { act, render } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import { SWRConfig } from 'swr'
import messages from '@/messages/de.json'
import { SessionWatch } from './session-watch'

jest.mock('next/navigation', () => ({ usePathname: () => '/demo/persoenlicherbereich' }))

const SESSION = '/api/session/demo'

function sessionAnswers() {
  const fetchMock = jest.fn(async () => ({ ok: true, json: async () => ({ loggedIn: true }) }) as Response)
  global.fetch = fetchMock as never
  return fetchMock
}

async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms)
  })
}

function watch(checkIntervalSeconds: number) {
  // A cache of its own per render: no answer carries over from another test.
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <NextIntlClientProvider locale="de" messages={messages}>
        <SessionWatch sessionUrl={SESSION} checkIntervalSeconds={checkIntervalSeconds} />
      </NextIntlClientProvider>
    </SWRConfig>,
  )
}

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe('SessionWatch: the token check runs every Limits.TokenCheckIntervalSeconds (SPEC §4, §9)', () => {
  it.each([
    [60, 30_000, 1],
    [60, 61_000, 2],
    [10, 31_000, 4],
  ])('every %i s: after %i ms the session was read %i times', async (seconds, elapsed, reads) => {
    const fetchMock = sessionAnswers()
    watch(seconds)
    await advance(0)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await advance(elapsed)
    expect(fetchMock).toHaveBeenCalledTimes(reads)
    expect(fetchMock).toHaveBeenLastCalledWith(SESSION, expect.objectContaining({ cache: 'no-store' }))
  })
})
