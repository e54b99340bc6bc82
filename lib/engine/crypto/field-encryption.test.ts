import { createHmac } from 'node:crypto'
import { normalizeIban } from '@/lib/shared/iban'
import {
  blindIndex,
  decryptField,
  deriveFieldKey,
  encryptField,
  FieldDecryptionError,
} from './field-encryption'

const SECRET = '00112233445566778899aabbccddeeff'.repeat(2)
const OTHER_SECRET = 'ffeeddccbbaa99887766554433221100'.repeat(2)
const KEY = deriveFieldKey(SECRET, 'bankdata')
const OTHER_KEY = deriveFieldKey(OTHER_SECRET, 'bankdata')
const INDEX_KEY = deriveFieldKey(SECRET, 'bankdata-index')
const IBAN = 'DE89370400440532013000'
const AAD = 'demo:5b0c1f52-0000-4000-8000-000000000001'
const PART = /^[A-Za-z0-9_-]*$/

/** Decrypting must fail, and with FieldDecryptionError, whose message carries nothing of the value. */
function expectRefused(value: string, key = KEY, aad?: string) {
  expect(() => decryptField(value, key, aad)).toThrow(FieldDecryptionError)
  expect(() => decryptField(value, key, aad)).toThrow('the field value could not be decrypted')
}

const parts = (value: string) => value.split('.') as [string, string, string, string]
const withPart = (value: string, index: number, part: string) =>
  parts(value)
    .map((p, i) => (i === index ? part : p))
    .join('.')
const flipBit = (part: string, byte: number) => {
  const bytes = Buffer.from(part, 'base64url')
  bytes[byte]! ^= 0x01
  return bytes.toString('base64url')
}

describe('encryptField and decryptField', () => {
  it.each([
    ['an IBAN', IBAN],
    ['umlauts and ß', 'Jürgen Müßig-Ölßner'],
    ['emoji, also joined ones', 'Ünal 🎉 👨‍👩‍👧 Öztürk'],
    ['the empty string', ''],
    ['a long text', 'Kontoinhaber '.repeat(200)],
  ])('round-trip %s', (_, plain) => {
    expect(decryptField(encryptField(plain, KEY), KEY)).toBe(plain)
    expect(decryptField(encryptField(plain, KEY, AAD), KEY, AAD)).toBe(plain)
  })

  it('writes v1, a 12-byte IV, a 16-byte tag and the ciphertext, all base64url', () => {
    const value = encryptField(IBAN, KEY)
    const [version, iv, tag, ciphertext] = parts(value)
    expect(version).toBe('v1')
    for (const part of [iv, tag, ciphertext]) expect(part).toMatch(PART)
    expect(Buffer.from(iv, 'base64url')).toHaveLength(12)
    expect(Buffer.from(tag, 'base64url')).toHaveLength(16)
    expect(Buffer.from(ciphertext, 'base64url')).toHaveLength(IBAN.length)
    expect(value).not.toContain(IBAN)
  })

  it('encrypts the same text differently every time (fresh IV)', () => {
    const values = Array.from({ length: 200 }, () => encryptField(IBAN, KEY, AAD))
    expect(new Set(values).size).toBe(values.length)
    expect(new Set(values.map((value) => parts(value)[1])).size).toBe(values.length)
    for (const value of values) expect(decryptField(value, KEY, AAD)).toBe(IBAN)
  })

  it('reads a value written independently with AES-256-GCM (pins the stored format)', () => {
    // Python `cryptography` AESGCM, the bankdata key of SECRET, IV 00..0b, AAD 'demo:42'.
    const stored = 'v1.AAECAwQFBgcICQoL.JRSoBIqnOsDkJk5IpNG8uw.D5bXNEaB9kyhTPab4jU7RGWyOxM'
    expect(decryptField(stored, KEY, 'demo:42')).toBe('Jürgen Müßig 🎉')
    expectRefused(stored, KEY, 'demo:43')
  })

  describe('refuses a tampered value', () => {
    const value = encryptField('Erika Mustermann', KEY, AAD)

    it.each([
      [1, 'IV'],
      [2, 'tag'],
      [3, 'ciphertext'],
    ])('one flipped bit in every byte of part %i (%s)', (index) => {
      const bytes = Buffer.from(parts(value)[index]!, 'base64url').length
      for (let byte = 0; byte < bytes; byte++)
        expectRefused(withPart(value, index, flipBit(parts(value)[index]!, byte)), KEY, AAD)
    })

    it('any single character replaced, including spare bits of the last base64 character', () => {
      for (let position = 0; position < value.length; position++) {
        for (const replacement of ['A', 'B', 'f', '_', '-', '.', '=', ' ']) {
          if (value[position] === replacement) continue
          expectRefused(value.slice(0, position) + replacement + value.slice(position + 1), KEY, AAD)
        }
      }
    })

    it('a shortened tag, IV or ciphertext', () => {
      const [, iv, tag, ciphertext] = parts(value)
      const cut = (part: string, bytes: number) =>
        Buffer.from(part, 'base64url').subarray(0, bytes).toString('base64url')
      expectRefused(withPart(value, 2, cut(tag, 12)), KEY, AAD)
      expectRefused(withPart(value, 2, cut(tag, 4)), KEY, AAD)
      expectRefused(withPart(value, 1, cut(iv, 8)), KEY, AAD)
      expectRefused(withPart(value, 3, cut(ciphertext, 5)), KEY, AAD)
    })

    it('parts swapped, missing or added', () => {
      const [version, iv, tag, ciphertext] = parts(value)
      expectRefused([version, tag, iv, ciphertext].join('.'), KEY, AAD)
      expectRefused([version, iv, tag].join('.'), KEY, AAD)
      expectRefused(`${value}.`, KEY, AAD)
      expectRefused(`${value}.AAAA`, KEY, AAD)
      expectRefused('', KEY, AAD)
      expectRefused('Erika Mustermann', KEY, AAD)
    })
  })

  it.each(['v2', 'V1', 'v0', '', '1'])('refuses the version %j', (version) => {
    expectRefused(withPart(encryptField(IBAN, KEY), 0, version))
  })

  it('refuses another key, also one derived for another purpose', () => {
    const value = encryptField(IBAN, KEY)
    expectRefused(value, OTHER_KEY)
    expectRefused(value, INDEX_KEY)
  })

  it('refuses a value moved to another row or tenant (AAD)', () => {
    const value = encryptField(IBAN, KEY, 'demo:row-1')
    expect(decryptField(value, KEY, 'demo:row-1')).toBe(IBAN)
    expectRefused(value, KEY, 'demo:row-2')
    expectRefused(value, KEY, 'other:row-1')
    expectRefused(value, KEY)
    expectRefused(encryptField(IBAN, KEY), KEY, 'demo:row-1')
  })

  it('treats an empty AAD as none', () => {
    expect(decryptField(encryptField(IBAN, KEY, ''), KEY)).toBe(IBAN)
  })

  it('refuses keys that are not 32 bytes', () => {
    expect(() => encryptField(IBAN, Buffer.alloc(16))).toThrow(RangeError)
    expect(() => decryptField(encryptField(IBAN, KEY), Buffer.alloc(31))).toThrow(RangeError)
  })

  it('refuses text that would not come back unchanged (lone surrogate)', () => {
    expect(() => encryptField('Anna \uD83D', KEY)).toThrow(TypeError)
  })
})

describe('deriveFieldKey', () => {
  it('derives the same 32-byte key every time (HKDF-SHA256, independently computed)', () => {
    expect(deriveFieldKey(SECRET, 'bankdata').toString('hex')).toBe(
      '4b125ef607068eee08f22cfa627a67518410597b8795b5ebe3185f2f9d74d09a',
    )
    expect(deriveFieldKey(SECRET, 'bankdata-index').toString('hex')).toBe(
      'ba3699b8705d4ba1d3dc09e6965d4ae46d77d58e421945f7a76373c1bc7cc340',
    )
    expect(deriveFieldKey(SECRET, 'bankdata')).toEqual(KEY)
  })

  it('gives different keys for different purposes and secrets', () => {
    const keys = [
      deriveFieldKey(SECRET, 'bankdata'),
      deriveFieldKey(SECRET, 'bankdata-index'),
      deriveFieldKey(SECRET, 'accountholder'),
      deriveFieldKey(OTHER_SECRET, 'bankdata'),
    ].map((key) => key.toString('hex'))
    expect(new Set(keys).size).toBe(keys.length)
    // The secret itself is never the key.
    expect(keys).not.toContain(SECRET)
  })

  it('reads the hex secret case-insensitively', () => {
    expect(deriveFieldKey(SECRET.toUpperCase(), 'bankdata')).toEqual(KEY)
  })

  it.each([
    ['too short', SECRET.slice(0, 62)],
    ['too long', `${SECRET}00`],
    ['not hex', `${SECRET.slice(0, 63)}g`],
    ['a passphrase', 'correct horse battery staple correct horse battery staple 12345'],
  ])('refuses a secret that is %s', (_, secret) => {
    expect(() => deriveFieldKey(secret, 'bankdata')).toThrow('64 hex characters')
  })

  it.each(['', 'Bankdata', 'bank data', '-bankdata', 'bankdata/index'])(
    'refuses the purpose %j',
    (purpose) => {
      expect(() => deriveFieldKey(SECRET, purpose)).toThrow(RangeError)
    },
  )
})

describe('blindIndex', () => {
  it('is the HMAC-SHA256 hex of the canonical value (independently computed)', () => {
    expect(blindIndex(IBAN, INDEX_KEY)).toBe(
      '64ebe0ee59615f257e0cf108167131c44690595480c89db765be6485f124fabf',
    )
    expect(blindIndex(IBAN, INDEX_KEY)).toBe(
      createHmac('sha256', INDEX_KEY).update(IBAN.toLowerCase()).digest('hex'),
    )
  })

  it('is deterministic and differs between values and keys', () => {
    expect(blindIndex(IBAN, INDEX_KEY)).toBe(blindIndex(IBAN, INDEX_KEY))
    expect(blindIndex(IBAN, INDEX_KEY)).not.toBe(blindIndex('DE89370400440532013001', INDEX_KEY))
    expect(blindIndex(IBAN, INDEX_KEY)).not.toBe(
      blindIndex(IBAN, deriveFieldKey(OTHER_SECRET, 'bankdata-index')),
    )
    expect(blindIndex(IBAN, INDEX_KEY)).toMatch(/^[0-9a-f]{64}$/)
  })

  it('matches spellings that differ only in case, outer or repeated white space and Unicode composition', () => {
    const index = blindIndex('Jürgen Müller', INDEX_KEY)
    expect(blindIndex('  jürgen\u00A0 MÜLLER\t', INDEX_KEY)).toBe(index)
    expect(blindIndex('Ju\u0308rgen Mu\u0308ller', INDEX_KEY)).toBe(index)
    expect(blindIndex('Jürgen Müllers', INDEX_KEY)).not.toBe(index)
    expect(blindIndex('JürgenMüller', INDEX_KEY)).not.toBe(index)
  })

  it('finds an IBAN typed in another form once the caller normalizes it', () => {
    expect(blindIndex(normalizeIban('de89 3704 0044 0532 0130 00'), INDEX_KEY)).toBe(
      blindIndex(IBAN, INDEX_KEY),
    )
  })

  it('refuses keys that are not 32 bytes', () => {
    expect(() => blindIndex(IBAN, Buffer.alloc(0))).toThrow(RangeError)
  })
})
