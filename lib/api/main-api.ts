import 'server-only'
import { z } from 'zod'
import {
  loginRequestSchema,
  updateLanguageResponseSchema,
  userSchema,
  type LoginRequest,
  type User,
} from '@/lib/contracts/account'
import { produktKategorienSchema } from '@/lib/contracts/catalog'
import { routeTableSchema } from '@/lib/contracts/routes'
import type { Locale } from '@/lib/i18n/config'
import { publicTenantConfigSchema, type PublicTenantConfig } from '@/lib/tenants/settings'
import { callMainApi, MainApiError } from './client'

/** Typed calls of the main API, one per endpoint the portal uses. */

const t = (tenant: string) => `/${encodeURIComponent(tenant)}`

export async function getTenantConfig(tenant: string): Promise<PublicTenantConfig | null> {
  try {
    return await callMainApi({
      path: `/mandant/${encodeURIComponent(tenant)}`,
      schema: publicTenantConfigSchema,
    })
  } catch (error) {
    if (error instanceof MainApiError && error.status === 404) return null
    throw error
  }
}

export function getRouteTable(tenant: string) {
  return callMainApi({ path: `${t(tenant)}/route/default`, schema: routeTableSchema })
}

export function getCategories(tenant: string, locale: Locale) {
  return callMainApi({ path: `${t(tenant)}/produktkategorie`, locale, schema: produktKategorienSchema })
}

export function login(tenant: string, input: LoginRequest, locale: Locale): Promise<User> {
  return callMainApi({
    path: `${t(tenant)}/account/login`,
    method: 'POST',
    body: loginRequestSchema.parse(input),
    locale,
    schema: userSchema,
  })
}

export function getUser(tenant: string, token: string, locale: Locale): Promise<User> {
  return callMainApi({ path: `${t(tenant)}/account/user`, token, locale, schema: userSchema })
}

export function updateLanguage(tenant: string, token: string, language: Locale) {
  return callMainApi({
    path: `${t(tenant)}/account/updateLanguage`,
    method: 'POST',
    body: { Language: language },
    token,
    locale: language,
    schema: updateLanguageResponseSchema,
  })
}

export function logout(tenant: string, token: string) {
  return callMainApi({
    path: `${t(tenant)}/account/logout`,
    method: 'POST',
    token,
    schema: z.object({ ok: z.boolean() }),
  })
}
