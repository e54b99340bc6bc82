import type { CaptchaChallenge } from '@/lib/contracts/account'
import type { ErrorCode } from '@/lib/shared/errors'

/** A captcha picture with the id of its challenge, as forms show it. */
export type CaptchaPicture = Omit<CaptchaChallenge, 'GueltigBis'>

/** A form's server action, as screens hand it to their client form (useActionState). */
export type FormAction = (state: FormState, formData: FormData) => Promise<FormState>

/** The action that fetches a fresh captcha picture for a form. */
export type CaptchaReload = (tenant: string) => Promise<CaptchaPicture | null>

/** What a form's server action answers when it does not redirect. */
export type FormState = {
  error?: ErrorCode
  ok?: boolean
  /** A captcha to solve before the next try (login when the server demands one). */
  captcha?: CaptchaPicture
}
