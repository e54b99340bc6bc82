import { ContentUnavailableError } from '@/lib/shared/content/types'
import { forgetSquidexTokens } from './fetch'
import {} from './reshape'
import { start, sourceFor } from './squidex-fixtures'

describe('Squidex source: unavailable service', () => {
  const everyMethod = (source: ReturnType<typeof sourceFor>) => [
    source.flags('de'),
    source.page('impressum', 'de'),
    source.blocks('de'),
    source.keyVisuals('de'),
    source.faq('de'),
    source.footnotes(['fn-a'], 'de'),
    source.variables('de'),
    source.texts('de'),
    source.asset('bild-1', { width: 10 }),
  ]

  /** Every call fails with ContentUnavailableError (the calls run side by side). */
  async function expectAllUnavailable(calls: Promise<unknown>[]) {
    const reasons = (await Promise.allSettled(calls)).map((r) =>
      r.status === 'rejected' ? (r.reason as Error).name : 'answered',
    )
    expect(reasons).toEqual(calls.map(() => 'ContentUnavailableError'))
  }

  it('times out while fetching the token', async () => {
    const server = await start()
    server.setMode('slow')
    await expect(sourceFor(server, {}, { timeoutMs: 200 }).flags('de')).rejects.toBeInstanceOf(
      ContentUnavailableError,
    )
  }, 30_000)

  it('times out on content calls, GraphQL and assets', async () => {
    const server = await start()
    const source = sourceFor(server, {}, { timeoutMs: 200 })
    await source.flags('de')
    server.setMode('slow')
    await expectAllUnavailable(everyMethod(source))
  }, 30_000)

  it('is unavailable during an outage (503)', async () => {
    const server = await start()
    const source = sourceFor(server)
    server.setMode('outage')
    await expect(source.flags('de')).rejects.toBeInstanceOf(ContentUnavailableError)
    server.setMode('ok')
    await source.flags('de')
    server.setMode('outage')
    await expectAllUnavailable(everyMethod(source))
  })

  it('is unavailable when the service is gone (connection refused)', async () => {
    const server = await start()
    const source = sourceFor(server)
    await source.flags('de')
    await server.close()
    await expectAllUnavailable(everyMethod(source))
    await expect(sourceFor(server, { ClientId: 'neu' }).flags('de')).rejects.toBeInstanceOf(
      ContentUnavailableError,
    )
  })

  it('is unavailable for an answer that is not JSON or not content', async () => {
    const server = await start()
    const answer = (body: string, status = 200) =>
      new Response(body, { status, headers: { 'Content-Type': 'application/json' } })
    const fake = (content: () => Response): typeof fetch =>
      (async (input: RequestInfo | URL) =>
        String(input).endsWith('/connect/token')
          ? answer(JSON.stringify({ access_token: 't', expires_in: 3600 }))
          : content()) as typeof fetch
    await expect(
      sourceFor(server, {}, { fetch: fake(() => answer('<html>')) }).blocks('de'),
    ).rejects.toBeInstanceOf(ContentUnavailableError)
    forgetSquidexTokens()
    await expect(
      sourceFor(
        server,
        {},
        { fetch: fake(() => answer('{"items":[{"id":"b","data":{"Platz":{"iv":"irgendwo"}}}]}')) },
      ).blocks('de'),
    ).rejects.toBeInstanceOf(ContentUnavailableError)
    forgetSquidexTokens()
    await expect(
      sourceFor(server, {}, { fetch: fake(() => answer('{}', 500)) }).texts('de'),
    ).rejects.toBeInstanceOf(ContentUnavailableError)
    forgetSquidexTokens()
    const badToken = (async () => answer('{"token":"x"}')) as typeof fetch
    await expect(sourceFor(server, {}, { fetch: badToken }).texts('de')).rejects.toBeInstanceOf(
      ContentUnavailableError,
    )
    // the fake fetch answered everything: the server saw nothing
    expect(server.stats.requests).toHaveLength(0)
  })
})
