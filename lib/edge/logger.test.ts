import { Writable } from 'node:stream'
import {
  createLogger,
  currentRequestId,
  loggableError,
  loggablePath,
  requestIdOf,
  requestScope,
} from './logger.mjs'

describe('the server log', () => {
  it('writes one JSON line per entry with level, time, message and the request’s id', async () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const logger = createLogger(sink)
    logger.level = 'info'
    logger.info({ route: '/:tenant' }, 'outside a request')
    await requestScope.run({ id: 'req-12345678' }, async () => {
      expect(currentRequestId()).toBe('req-12345678')
      logger.warn({ count: 2 }, 'inside')
    })
    const [outside, inside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(outside).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      route: '/:tenant',
      message: 'outside a request',
    })
    expect(inside).toMatchObject({ level: 'warn', requestId: 'req-12345678', count: 2, message: 'inside' })
  })

  it('takes a request id from a trusted proxy only, and only a plain one', () => {
    const sent = { 'x-request-id': 'lb-0123456789abcdef' }
    expect(requestIdOf(sent, true)).toBe('lb-0123456789abcdef')
    expect(requestIdOf(sent, false)).not.toBe('lb-0123456789abcdef')
    expect(requestIdOf({ 'x-request-id': 'a b<script>' }, true)).toMatch(/^[0-9a-f-]{36}$/)
    expect(requestIdOf({}, true)).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('names a request by its route, never by an address, token or number in its path or query', () => {
    expect(loggablePath('/api/v1/demo/account/resetPassword/anna.beispiel%40example.org?x=1')).toBe(
      '/api/v1/demo/account/resetPassword/…',
    )
    expect(loggablePath('/demo-closed/login/Fe26.2*1*abc?redirect=/demo')).toBe('/demo-closed/login/…')
    expect(loggablePath('/demo/empfehlung/2QW8WZAFE7#top')).toBe('/demo/empfehlung/…')
    // A recommendation code of capitals only, as an eighth of them are.
    expect(loggablePath('/api/v1/demo/empfehlung/empfehlungscode/ACDEFGHJ')).toBe(
      '/api/v1/demo/empfehlung/empfehlungscode/…',
    )
    expect(loggablePath('/api/v1/demo/Empfehlen/create')).toBe('/api/v1/demo/Empfehlen/create')
    expect(loggablePath('/api/v1/demo/empfaenger/0f3a9c/bestaetigen')).toBe(
      '/api/v1/demo/empfaenger/…/bestaetigen',
    )
    expect(loggablePath(undefined)).toBe('')
  })

  it('tells an error by its message, without the parameters of a failed statement', () => {
    const failed = new Error(
      'Failed query: select * from referrers where email = $1\nparams: anna@example.org',
      {
        cause: new Error('Connection terminated unexpectedly'),
      },
    )
    expect(loggableError(failed)).toBe(
      'Failed query: select * from referrers where email = $1 (Connection terminated unexpectedly)',
    )
    expect(loggableError('text')).toBe('string')
  })
})
