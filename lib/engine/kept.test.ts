import { announceTenantChange } from '@/lib/shared/tenant-changes'
import { keptAnswers, keptForAMoment } from './kept'

describe('values kept for a moment', () => {
  const loads: string[] = []
  const load = (value: string) => () => {
    loads.push(value)
    return Promise.resolve(value)
  }
  beforeEach(() => {
    loads.length = 0
  })

  it('reads once within the time to keep, again after it', async () => {
    const kept = keptForAMoment<string>('test-time', { keepMs: 1_000, maxEntries: 10 })
    expect(await kept('demo', 'a', load('1'), 0)).toBe('1')
    expect(await kept('demo', 'a', load('2'), 999)).toBe('1')
    expect(await kept('demo', 'a', load('3'), 1_000)).toBe('3')
    expect(loads).toEqual(['1', '3'])
  })

  it("drops a tenant's values when it changes, and only that tenant's", async () => {
    const kept = keptForAMoment<string>('test-change', { keepMs: 60_000, maxEntries: 10 })
    await kept('demo', 'a', load('demo 1'), 0)
    await kept('other', 'a', load('other 1'), 0)
    announceTenantChange({ tenant: 'demo', scope: 'settings' })
    expect(await kept('demo', 'a', load('demo 2'), 1)).toBe('demo 2')
    expect(await kept('other', 'a', load('other 2'), 1)).toBe('other 1')
  })

  it('keeps no failure, no value it is told not to, and no more than allowed', async () => {
    const kept = keptForAMoment<string | null>('test-refused', {
      keepMs: 60_000,
      maxEntries: 2,
      worthKeeping: (value) => value !== null,
    })
    await expect(kept('demo', 'a', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down')
    expect(await kept('demo', 'a', load('after failure'), 1)).toBe('after failure')
    expect(await kept('demo', 'b', () => Promise.resolve(null), 1)).toBeNull()
    expect(await kept('demo', 'b', load('known now'), 2)).toBe('known now')
    await kept('demo', 'c', load('third'), 3)
    // a was the oldest of three: dropped
    expect(await kept('demo', 'a', load('a again'), 4)).toBe('a again')
    expect(loads).toEqual(['after failure', 'known now', 'third', 'a again'])
  })

  it('answers a kept JSON answer as Response.json writes it, again and again, until the tenant changes', async () => {
    const answers = keptAnswers('test-answers', { keepMs: 60_000, maxEntries: 10 })
    const list = [{ Id: 1, Name: 'Glasfaser 500 – ü' }]
    const expected = Response.json(list, { headers: { 'Cache-Control': 'no-store' } })
    const first = await answers('demo', 'de', async () => list)
    expect(first.headers.get('content-type')).toBe(expected.headers.get('content-type'))
    expect(first.headers.get('cache-control')).toBe('no-store')
    const body = await expected.text()
    expect(await first.text()).toBe(body)
    // the kept bytes are not used up by the first answer's reader
    const second = await answers('demo', 'de', async () => [{ Id: 2 }])
    expect(await second.text()).toBe(body)
    announceTenantChange({ tenant: 'demo', scope: 'settings' })
    expect(await (await answers('demo', 'de', async () => [{ Id: 2 }])).json()).toEqual([{ Id: 2 }])
  })
})
