'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import { deleteAccount, updateLanguage } from '@/lib/portal/main-api/account'
import { apiContext } from '@/lib/portal/main-api/context'
import { subscribeToNewsletter, unsubscribeFromNewsletter } from '@/lib/portal/main-api/newsletter'
import { MainApiError } from '@/lib/portal/main-api/client'
import { LOCALES } from '@/lib/i18n/config'
import type { FormState } from '@/lib/portal/form-state'
import { href, parseTenantParam, type PortalContext } from '@/lib/routes/href'
import { endSession, getSession, sessionFor } from '@/lib/portal/session'
import { formFields } from '@/lib/portal/form-fields'

const base = { tenant: z.string().max(64), widget: z.string().max(64).optional() }

/**
 * The portal context and the session's main-API context of a my-data form; no valid session → login;
 * null for a request the form cannot have sent (no valid tenant), which the actions then leave as is.
 */
async function context(formData: FormData) {
  const input = z.object(base).safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return null
  const query = { widget: input.data.widget }
  const session = await sessionFor(ctx.tenant)
  if (!session) redirect(href(ctx, 'Login', undefined, query))
  return { ctx, query, api: apiContext(ctx, session) }
}

/** Back to my data with a notice (or error code) to show; an ended session goes to login instead. */
function back(ctx: PortalContext, query: { widget?: string }, notice: Record<string, string>): never {
  redirect(href(ctx, 'Settings', undefined, { ...query, ...notice }, 'newsletter'))
}

function failed(ctx: PortalContext, query: { widget?: string }, error: unknown): never {
  if (!(error instanceof MainApiError)) throw error
  if (error.code === 'PSOF0204') redirect(href(ctx, 'Login', undefined, query))
  back(ctx, query, { fehler: error.code })
}

/** Newsletter: sends the double opt-in mail (PUT /empfehler/setNewsletterOptin). */
export async function subscribeNewsletterAction(formData: FormData) {
  const found = await context(formData)
  if (!found) return
  const { ctx, query, api } = found
  try {
    await subscribeToNewsletter(api)
  } catch (error) {
    failed(ctx, query, error)
  }
  back(ctx, query, { newsletter: 'angefordert' })
}

/** Newsletter: withdraws the permission (or a pending request). */
export async function unsubscribeNewsletterAction(formData: FormData) {
  const found = await context(formData)
  if (!found) return
  const { ctx, query, api } = found
  try {
    await unsubscribeFromNewsletter(api)
  } catch (error) {
    failed(ctx, query, error)
  }
  back(ctx, query, { newsletter: 'abbestellt' })
}

const languageSchema = z.object({ ...base, language: z.enum(LOCALES) })

/** Stores the referrer's language (SPEC /account/updateLanguage) and shows my data in it. */
export async function updateLanguageAction(formData: FormData) {
  const parsed = languageSchema.safeParse(formFields(formData))
  const found = parsed.success ? await context(formData) : null
  if (!parsed.success || !found) return
  const input = parsed.data
  const { ctx: current, query, api } = found
  // The page is shown in the language just chosen.
  const ctx = { ...current, locale: input.language }
  try {
    await updateLanguage(api, input.language)
  } catch (error) {
    if (error instanceof MainApiError && error.code === 'PSOF0204')
      redirect(href(ctx, 'Login', undefined, query))
    throw error
  }
  const iron = await getSession()
  if (iron.user) iron.user = { ...iron.user, language: input.language }
  await iron.save()
  redirect(href(ctx, 'Settings', undefined, { ...query, sprache: 'gespeichert' }, 'language-title'))
}

const deleteSchema = z.object({ ...base, confirm: z.literal('on') })

/** Deletes the account and its personal data (DELETE /empfehler/delete); the session ends with it. */
export async function deleteAccountAction(_state: FormState, formData: FormData): Promise<FormState> {
  const found = deleteSchema.safeParse(formFields(formData)).success ? await context(formData) : null
  if (!found) return { error: 'UngueltigeEingabe' }
  const { ctx, query, api } = found
  try {
    await deleteAccount(api)
  } catch (error) {
    if (!(error instanceof MainApiError)) throw error
    if (error.code !== 'PSOF0204') return { error: error.code }
  }
  await endSession()
  redirect(href(ctx, 'Login', undefined, { ...query, konto: 'geloescht' }))
}
