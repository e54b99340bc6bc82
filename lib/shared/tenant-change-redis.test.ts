import { parseChange } from './tenant-change-redis'

// What a separate portal accepts from the Redis channel: a tenant and a known scope, nothing else.

describe('parseChange', () => {
  it('reads a change as the engine publishes it, marked as made elsewhere', () => {
    expect(parseChange('{"tenant":"demo","scope":"settings"}')).toEqual({
      tenant: 'demo',
      scope: 'settings',
      remote: true,
    })
    expect(parseChange('{"tenant":"demo","scope":"content","extra":1}')).toEqual({
      tenant: 'demo',
      scope: 'content',
      remote: true,
    })
  })

  it.each([
    ['not JSON', 'demo'],
    ['no tenant', '{"scope":"settings"}'],
    ['an empty tenant', '{"tenant":"","scope":"settings"}'],
    ['an unknown scope', '{"tenant":"demo","scope":"everything"}'],
    ['a tenant that is no string', '{"tenant":7,"scope":"settings"}'],
  ])('ignores %s', (_what, payload) => {
    expect(parseChange(payload)).toBeNull()
  })
})
