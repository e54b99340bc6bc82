import { act, render } from '@testing-library/react'
import { useRouter } from 'next/navigation'
import { AgencySessionWatch } from './agency-session-watch'

jest.mock('next/navigation', () => ({ useRouter: jest.fn() }))

const replace = jest.fn()
jest.mocked(useRouter).mockReturnValue({ replace } as never)

const STATUS = '/api/agency-session/demo'
const ENDED = '/demo/agentur?sitzung=beendet'

/** The status route's answers, in turn; a reject stands for a network failure. */
function statusAnswers(...answers: ({ active: boolean } | Error)[]) {
  const fetchMock = jest.fn(async () => {
    const next = answers.shift() ?? { active: true }
    if (next instanceof Error) throw next
    return { json: async () => next } as Response
  })
  global.fetch = fetchMock as never
  return fetchMock
}

/** Lets the timers fire and the checks' promises settle. */
async function advance(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms)
  })
}

beforeEach(() => {
  jest.useFakeTimers()
  jest.setSystemTime(new Date('2026-11-27T10:00:00Z'))
  replace.mockReset()
})
afterEach(() => jest.useRealTimers())

describe('AgencySessionWatch (SPEC §4: the agency session is dropped without a page reload)', () => {
  it('asks when the token runs out and leads to the sign-in without reloading once it is no longer accepted', async () => {
    const fetchMock = statusAnswers({ active: false })
    render(
      <AgencySessionWatch
        statusUrl={STATUS}
        endedHref={ENDED}
        expiresAt={Date.now() + 5_000}
        intervalSeconds={600}
      />,
    )
    await advance(5_000)
    expect(fetchMock).not.toHaveBeenCalled()
    await advance(1_000)
    expect(fetchMock).toHaveBeenCalledWith(STATUS, expect.objectContaining({ cache: 'no-store' }))
    expect(replace).toHaveBeenCalledWith(ENDED)
  })

  it('asks every interval and leaves a session that stands alone', async () => {
    const fetchMock = statusAnswers({ active: true }, { active: true }, { active: false })
    render(
      <AgencySessionWatch
        statusUrl={STATUS}
        endedHref={ENDED}
        expiresAt={Date.now() + 8 * 60 * 60 * 1000}
        intervalSeconds={60}
      />,
    )
    await advance(120_000)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(replace).not.toHaveBeenCalled()
    await advance(60_000)
    expect(replace).toHaveBeenCalledWith(ENDED)
  })

  it('takes a network failure for no verdict and asks again next round', async () => {
    const fetchMock = statusAnswers(new Error('offline'), { active: false })
    render(
      <AgencySessionWatch
        statusUrl={STATUS}
        endedHref={ENDED}
        expiresAt={Date.now() + 8 * 60 * 60 * 1000}
        intervalSeconds={60}
      />,
    )
    await advance(60_000)
    expect(replace).not.toHaveBeenCalled()
    await advance(60_000)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(replace).toHaveBeenCalledWith(ENDED)
  })

  it('asks at once when the window gets the focus back, and stops asking once unmounted', async () => {
    const fetchMock = statusAnswers({ active: true })
    const view = render(
      <AgencySessionWatch
        statusUrl={STATUS}
        endedHref={ENDED}
        expiresAt={Date.now() + 8 * 60 * 60 * 1000}
        intervalSeconds={60}
      />,
    )
    await act(async () => {
      window.dispatchEvent(new Event('focus'))
    })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    view.unmount()
    await advance(600_000)
    window.dispatchEvent(new Event('focus'))
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
