import { markActionStarted } from '@/lib/edge/action-scope.mjs'

/**
 * The fields of a form that a server action received, and the action's first step. An action is a
 * public endpoint: anyone can post it arguments of their own in React's reply encoding (a string, an
 * object, nothing at all), and a browser without JavaScript posts the form as the only argument. So an
 * action never takes its argument for the form: anything but a FormData yields no fields, which the
 * action's schema then refuses like an empty form, instead of a TypeError that answers 500.
 *
 * Reaching it also tells server.mjs that Next decoded the request and the action's code runs: a 500
 * before that is a body Next could not decode, answered 400 instead (lib/edge/action-decoding.mjs).
 */
export function formFields(formData: unknown): Record<string, FormDataEntryValue> {
  markActionStarted()
  return formData instanceof FormData ? Object.fromEntries(formData) : {}
}

/** The first step of an action that reads no form (see formFields). */
export function actionStarted(): void {
  markActionStarted()
}
