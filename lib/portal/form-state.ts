import type { CaptchaChallenge } from '@/lib/contracts/account'
import type { ErrorCode } from '@/lib/errors'

/** A captcha picture with the id of its challenge, as forms show it. */
export type CaptchaPicture = Omit<CaptchaChallenge, 'GueltigBis'>

/** What a form's server action answers when it does not redirect. */
export type FormState = {
  error?: ErrorCode
  ok?: boolean
  /** A captcha to solve before the next try (login when the server demands one). */
  captcha?: CaptchaPicture
}
