'use server'

import { redirect } from 'next/navigation'
import { z } from 'zod'
import {
  createCaptcha,
  login,
  loginWithAdminToken,
  loginWithLink,
  requestLoginLink,
} from '@/lib/portal/main-api/account'
import { apiContext, withClientIp } from '@/lib/portal/main-api/context'
import { getTenantConfig } from '@/lib/portal/main-api/tenant'
import { MainApiError } from '@/lib/portal/main-api/client'
import { secretTokenSchema, type User } from '@/lib/contracts/account'
import { actionError, actionErrorWithCaptcha } from '@/lib/portal/action-error'
import type { CaptchaPicture, FormState } from '@/lib/portal/form-state'
import { href, parseTenantParam, type PortalContext } from '@/lib/routes/href'
import { parseRedirectTarget, returnHref } from '@/lib/routes/redirect-target'
import { rememberLoginReturn, startSession, takeLoginReturn } from '@/lib/portal/session'
import { actionStarted, formFields } from '@/lib/portal/form-fields'
import { usedLinkTarget } from '@/lib/portal/used-link'
import { emailSchema } from '@/lib/contracts/account'

const common = {
  tenant: z.string().max(64),
  redirect: z.string().max(2048).optional(),
  widget: z.string().max(64).optional(),
}

const passwordSchema = z.object({
  ...common,
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  CaptchaId: z.uuid().optional(),
  CaptchaLoesung: z.string().trim().max(20).optional(),
})

/** The safe target after a login: the user's language selects the locale (SPEC §3 User.language). */
async function finish(ctx: PortalContext, user: User, input: { redirect?: string; widget?: string }) {
  await startSession(ctx.tenant, user)
  return returnHref({ ...ctx, locale: user.language }, input.redirect, { widget: input.widget })
}

/**
 * Logs a referrer in with e-mail and password. When the main API says the next try needs a captcha
 * (the failure that reaches the limit already), the answer carries a fresh challenge for the form.
 */
export async function loginAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = passwordSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'UngueltigeEingabe' }
  const api = await withClientIp(apiContext(ctx))
  let target: string
  try {
    const { email, password, CaptchaId, CaptchaLoesung } = input.data
    const credentials = {
      Email: email,
      Password: password,
      ...(CaptchaId && CaptchaLoesung ? { CaptchaId, CaptchaLoesung } : {}),
    }
    const user = await login(api, credentials)
    target = await finish(ctx, user, input.data)
  } catch (error) {
    return actionErrorWithCaptcha(error, api)
  }
  redirect(target)
}

/** A new captcha picture for the login form. */
export async function newCaptchaAction(tenant: unknown): Promise<CaptchaPicture | null> {
  actionStarted()
  if (typeof tenant !== 'string') return null
  const ctx = parseTenantParam(tenant)
  if (!ctx) return null
  try {
    const { CaptchaId, Bild } = await createCaptcha(apiContext(ctx))
    return { CaptchaId, Bild }
  } catch (error) {
    // An unknown tenant (anyone may post the action any name) gets no picture, like a malformed one.
    if (error instanceof MainApiError) return null
    throw error
  }
}

const tokenSchema = z.object({ ...common, token: secretTokenSchema, kind: z.enum(['link', 'admin']) })

/**
 * Logs in with a single-use token: the one-time link of a mail, or an operator's admin token (support
 * session). On autologin tenants the admin login is tried silently and a failure is ignored (SPEC §4).
 */
export async function tokenLoginAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = tokenSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'Abgelaufen' }
  const api = apiContext(ctx)
  let target: string
  try {
    const { token, kind } = input.data
    const user = kind === 'admin' ? await loginWithAdminToken(api, token) : await loginWithLink(api, token)
    // A mailed link leads where the login page it was asked for on would have led.
    const remembered = kind === 'link' && !input.data.redirect ? await takeLoginReturn(ctx.tenant) : undefined
    target = await finish(ctx, user, { ...input.data, redirect: input.data.redirect ?? remembered })
  } catch (error) {
    const onward = input.data.kind === 'link' ? await usedLinkTarget(ctx, error, 'login', input.data) : null
    if (onward) redirect(onward)
    if (input.data.kind === 'admin' && error instanceof MainApiError) {
      const config = await getTenantConfig(api)
      if (config?.Settings.IsAutologin)
        redirect(href(ctx, 'Homepage', undefined, { widget: input.data.widget }))
    }
    return actionError(error)
  }
  redirect(target)
}

const linkRequestSchema = z.object({
  tenant: z.string().max(64),
  email: emailSchema,
  redirect: z.string().max(2048).optional(),
})

/** How long a login link works (the engine's lifetime of a 'login' token): its return target as long. */
const LOGIN_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000

/**
 * Asks for a one-time login link by mail (SPEC §1: the personal area through the e-mail link without
 * login). The answer is the same whether or not the e-mail has an account.
 */
export async function loginLinkAction(_state: FormState, formData: FormData): Promise<FormState> {
  const input = linkRequestSchema.safeParse(formFields(formData))
  const ctx = input.success ? parseTenantParam(input.data.tenant) : null
  if (!input.success || !ctx) return { error: 'EmailUngueltig' }
  try {
    await requestLoginLink(apiContext(ctx), input.data.email)
    // Only a target the login would follow (a path of this portal) is kept for the link.
    if (input.data.redirect && parseRedirectTarget(input.data.redirect))
      await rememberLoginReturn(ctx.tenant, input.data.redirect, LOGIN_LINK_LIFETIME_MS)
    return { ok: true }
  } catch (error) {
    return actionError(error)
  }
}
