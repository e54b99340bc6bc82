import 'server-only'
import { MainApiError } from '@/lib/api/client'
import type { FormState } from './form-state'

/** Turns a main-API refusal into the form's error state; anything else is a real failure. */
export function actionError(error: unknown): FormState {
  if (error instanceof MainApiError) return { error: error.code }
  throw error
}
