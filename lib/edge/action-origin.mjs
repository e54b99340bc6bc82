// @ts-check
import { isServerAction } from './body-limit.mjs'
import { refuse } from './respond.mjs'

/**
 * Edge step: a server action posted from another site is refused with 403 NichtAuthorisiert. Next makes
 * the same comparison (its action handler: the Origin's host against X-Forwarded-Host, else Host) but
 * answers a mismatch with 500; here it never reaches Next. A request without Origin passes on, as in Next
 * (browsers send Origin with every POST; a hand-made request carries no one's credentials but its own).
 */

/**
 * The host a request names for itself: the first X-Forwarded-Host entry, else Host (as Next compares).
 * @param {import('node:http').IncomingHttpHeaders} headers
 */
export function requestHost(headers) {
  const forwarded = String(headers['x-forwarded-host'] ?? '')
    .split(',')[0]
    ?.trim()
  return forwarded || headers.host || ''
}

/**
 * Whether an Origin header names the request's own host (no Origin: yes).
 * @param {string | undefined} origin
 * @param {string} host
 */
export function sameSite(origin, host) {
  if (origin === undefined) return true
  try {
    return new URL(origin).host === host
  } catch {
    return false
  }
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @returns {Promise<boolean>}
 */
export async function step(req, res) {
  if (!isServerAction(req) || sameSite(req.headers.origin, requestHost(req.headers))) return false
  return refuse(req, res, 403, 'NichtAuthorisiert')
}
