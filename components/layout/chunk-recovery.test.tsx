import { act, render, screen } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import messages from '@/messages/de.json'
import { ChunkRecovery, isChunkError } from './chunk-recovery'

// Limits.ChunkTimeoutMs (SPEC §9: 120000 ms; chunk loading errors ChunkLoadError, CSS_CHUNK_LOAD_FAILED):
// a part that did not load reloads the page once; again within the time-out, the visitor is told.

const reload = jest.fn()
let clock = 0

function chunkError() {
  const error = new Error('Loading chunk 123 failed.')
  error.name = 'ChunkLoadError'
  act(() => {
    window.dispatchEvent(new ErrorEvent('error', { error }))
  })
}

function show(timeoutMs: number) {
  render(
    <NextIntlClientProvider locale="de" messages={messages}>
      <ChunkRecovery timeoutMs={timeoutMs} now={now} reload={reload} />
    </NextIntlClientProvider>,
  )
}
const now = () => clock

beforeEach(() => {
  reload.mockReset()
  window.sessionStorage.clear()
  clock = 1_000_000
})

describe('ChunkRecovery', () => {
  it('knows the chunk errors', () => {
    expect(isChunkError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true)
    expect(isChunkError(new Error('CSS_CHUNK_LOAD_FAILED'))).toBe(true)
    expect(isChunkError(new Error('Loading CSS chunk 7 failed'))).toBe(true)
    expect(isChunkError(new Error('Netzwerkfehler'))).toBe(false)
    expect(isChunkError('ChunkLoadError')).toBe(false)
  })

  it('reloads once, and tells the visitor when the part is missing again within the time-out', () => {
    show(120_000)
    chunkError()
    expect(reload).toHaveBeenCalledTimes(1)
    clock += 119_000
    chunkError()
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Ein Teil der Seite konnte nicht geladen werden. Bitte laden Sie die Seite neu.',
    )
  })

  it('reloads again once the time-out has passed', () => {
    show(10_000)
    chunkError()
    clock += 11_000
    chunkError()
    expect(reload).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
