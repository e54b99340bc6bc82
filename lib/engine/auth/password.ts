import 'server-only'
import argon2 from 'argon2'

/** argon2id with the library's defaults (64 MiB, t=3, p=4). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id })
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  // Without a stored hash, still spend the time of a verification so timing reveals nothing.
  if (!hash) {
    await argon2.hash(password, { type: argon2.argon2id }).catch(() => undefined)
    return false
  }
  return argon2.verify(hash, password).catch(() => false)
}
