import 'server-only'
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Encryption of short personal fields at rest, such as the IBAN and the account holder of the bank data
 * (SPEC §3, QUALITY §Security 13). A database dump or backup alone then shows no bank data; the key
 * lives only in the server's environment.
 *
 * Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. v1 is AES-256-GCM with a fresh random
 * 12-byte IV per value and a 16-byte tag; the version lets a later scheme or key be introduced while v1
 * values are still read. Random IVs are safe for up to 2^32 values per key, far beyond any tenant's bank
 * data. The ciphertext is as long as the UTF-8 text, so the length of a value is not hidden.
 */

const VERSION = 'v1'
const ALGORITHM = 'aes-256-gcm'
const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16

/** Any stored value that does not decrypt: tampered, truncated, another key, another row, unknown version. */
export class FieldDecryptionError extends Error {
  constructor() {
    // Deliberately without the value or the cause: error messages end up in logs.
    super('the field value could not be decrypted')
    this.name = 'FieldDecryptionError'
  }
}

function assertKey(key: Buffer) {
  if (key.length !== KEY_BYTES)
    throw new RangeError(`a field key has ${KEY_BYTES} bytes (use deriveFieldKey)`)
}

/**
 * Encrypts one field. `aad` binds the value to its place, e.g. `${tenant}:${rowId}`: the same `aad` is
 * needed to decrypt, so a value copied into another row or tenant is refused instead of read. An empty
 * `aad` counts as none.
 */
export function encryptField(plain: string, key: Buffer, aad?: string): string {
  assertKey(key)
  // A lone surrogate would come back as U+FFFD, so the stored value would differ from the one given.
  if (!plain.isWellFormed()) throw new TypeError('the field value is not well-formed Unicode')
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES })
  if (aad !== undefined) cipher.setAAD(Buffer.from(aad, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map(encodePart).join('.')
}

function encodePart(part: string | Buffer): string {
  return typeof part === 'string' ? part : part.toString('base64url')
}

/**
 * Node's decoder skips characters outside the alphabet and ignores the spare bits of the last one, so
 * several strings decode to the same bytes. Accepting only the canonical encoding makes every changed
 * character an error rather than a silent no-op.
 */
function decodePart(part: string | undefined): Buffer | null {
  if (part === undefined || !/^[A-Za-z0-9_-]*$/.test(part)) return null
  const bytes = Buffer.from(part, 'base64url')
  return bytes.toString('base64url') === part ? bytes : null
}

/** Decrypts a value of encryptField with the same key and `aad`; throws FieldDecryptionError otherwise. */
export function decryptField(value: string, key: Buffer, aad?: string): string {
  assertKey(key)
  const parts = value.split('.')
  if (parts.length !== 4 || parts[0] !== VERSION) throw new FieldDecryptionError()
  const [iv, tag, ciphertext] = parts.slice(1).map(decodePart)
  // GCM accepts tags down to 4 bytes unless told the length; a shortened tag is far easier to forge.
  if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !ciphertext) throw new FieldDecryptionError()
  const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES })
  decipher.setAuthTag(tag)
  if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'))
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')
  } catch {
    throw new FieldDecryptionError()
  }
}

/**
 * One key per purpose from one environment secret (HKDF-SHA256, RFC 5869), e.g. 'bankdata' for
 * encryptField and 'bankdata-index' for blindIndex, so no key serves two algorithms and a leaked index
 * key reveals nothing encrypted. The secret is 32 random bytes as 64 hex characters, which is already
 * uniform key material, so the extract step needs no salt. The info string carries this module's name:
 * another HKDF use of the same secret with the same purpose still gets a different key.
 * Changing anything here makes every stored value unreadable; the tests pin the output.
 */
export function deriveFieldKey(secret: string, purpose: string): Buffer {
  const name = `${secret}/${purpose}`
  let key = derivedKeys.get(name)
  if (!key) {
    if (!/^[0-9a-fA-F]{64}$/.test(secret))
      throw new RangeError('the field encryption secret must be 64 hex characters (openssl rand -hex 32)')
    if (!/^[a-z][a-z0-9-]*$/.test(purpose))
      throw new RangeError('a key purpose is a lower-case label such as "bankdata"')
    key = Buffer.from(
      hkdfSync(
        'sha256',
        Buffer.from(secret, 'hex'),
        Buffer.alloc(0),
        `field-encryption/${purpose}`,
        KEY_BYTES,
      ),
    )
    derivedKeys.set(name, key)
  }
  // A copy of its own (not a slice of Node's shared buffer pool): what a caller does with its key never
  // reaches the next caller's.
  return Buffer.from(new Uint8Array(key).buffer)
}

/**
 * Keys derived so far, by secret and purpose: a reward list opens each reward's stored customer number
 * with the same key, derived once instead of once per reward. A handful of entries (purposes × the
 * secrets a process is given); derived from configuration alone, so every server derives the same.
 */
const derivedKeys = new Map<string, Buffer>()

/**
 * A keyed fingerprint (HMAC-SHA256, hex) for finding equal encrypted values without decrypting them, e.g.
 * an IBAN already used by another referrer: store it beside the encrypted value and query by it. A plain
 * hash would not do: an IBAN has so few unknown digits once the bank is known that all of them can be
 * hashed in minutes. Use a key of its own purpose, not the encryption key.
 *
 * The value is compared after Unicode NFC (ü typed as one or two code points), trimming, collapsing
 * white space and lower-casing, so 'Jürgen  Müller' and 'jürgen müller' match. Field-specific forms are
 * the caller's part: pass an IBAN through normalizeIban first, since its inner spaces do not matter.
 */
export function blindIndex(value: string, key: Buffer): string {
  assertKey(key)
  const canonical = value.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()
  return createHmac('sha256', key).update(canonical, 'utf8').digest('hex')
}
