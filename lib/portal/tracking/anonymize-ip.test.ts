import { anonymizeIp } from './anonymize-ip'

describe('anonymizeIp', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['10.0.0.1', '10.0.0.0'],
    ['203.0.113.77:51234', '203.0.113.0'],
    [' 198.51.100.255 ', '198.51.100.0'],
  ])('drops the last octet of IPv4 %s', (ip, expected) => {
    expect(anonymizeIp(ip)).toBe(expected)
  })

  it.each([
    ['2001:db8:abcd:12:34:56:78:9a', '2001:db8:abcd::'],
    ['2001:0db8:00ab:ffff:0000:0000:0000:0001', '2001:db8:ab::'],
    ['2001:db8::1', '2001:db8::'],
    ['::1', '::'],
    ['[2001:db8:1:2::5]:443', '2001:db8:1::'],
    ['fe80::1%eth0', 'fe80::'],
    ['64:ff9b::192.0.2.33', '64:ff9b::'],
  ])('keeps only the first 48 bits of IPv6 %s', (ip, expected) => {
    expect(anonymizeIp(ip)).toBe(expected)
  })

  it.each([
    ['::ffff:203.0.113.77', '203.0.113.0'],
    ['::ffff:cb00:714d', '203.0.113.0'],
  ])('treats the IPv4-mapped %s as IPv4', (ip, expected) => {
    expect(anonymizeIp(ip)).toBe(expected)
  })

  it.each([
    null,
    undefined,
    '',
    'unknown',
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '2001:db8::1::2',
    '2001:db8:1:2:3:4:5:6:7',
    '12345::1',
    'g::1',
    '::ffff:300.1.1.1',
  ])('gives null for %p', (ip) => {
    expect(anonymizeIp(ip)).toBeNull()
  })
})
