import 'server-only'
import { createCaptcha } from '@/lib/portal/main-api/account'
import { MainApiError } from '@/lib/portal/main-api/client'
import type { ApiContext } from '@/lib/portal/main-api/context'
import type { FormState } from './form-state'
import type { ErrorCode } from '@/lib/shared/errors'

/** Turns a main-API refusal into the form's error state; anything else is a real failure. */
export function actionError(error: unknown): FormState {
  if (error instanceof MainApiError) return { error: error.code }
  throw error
}

/**
 * As actionError, for forms that show a captcha on demand: when the main API says the next try needs
 * one (CaptchaErforderlich: the refusal that reaches the limit already, and every captcha refusal), the
 * state carries a fresh picture, so the form shows the message and the picture at once. A challenge is
 * used up by every try, so each such answer brings a new one.
 */
export async function actionErrorWithCaptcha(error: unknown, ctx: ApiContext): Promise<FormState> {
  if (!(error instanceof MainApiError && error.captchaRequired)) return actionError(error)
  return withNewCaptcha(error.code, ctx)
}

/**
 * The form's error with a fresh captcha picture. Pictures are limited per client address: past the
 * limit the form says so (ZuVieleAnfragen) instead of showing a picture.
 */
export async function withNewCaptcha(code: ErrorCode, ctx: ApiContext): Promise<FormState> {
  try {
    const { CaptchaId, Bild } = await createCaptcha(ctx)
    return { error: code, captcha: { CaptchaId, Bild } }
  } catch (error) {
    return actionError(error)
  }
}
