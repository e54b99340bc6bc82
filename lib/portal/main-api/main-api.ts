import 'server-only'
import { log } from '@/lib/shared/log'
import {
  captchaChallengeSchema,
  changePasswordRequestSchema,
  createEmpfehlerRequestSchema,
  loginRequestSchema,
  mailAcceptedSchema,
  newsletterStatusSchema,
  okSchema,
  resetPasswordRequestSchema,
  updateLanguageResponseSchema,
  userSchema,
  validateResetPasswordResponseSchema,
  type CreateEmpfehlerRequest,
  type LoginRequest,
  type User,
} from '@/lib/contracts/account'
import { passwordValidatorSchema } from '@/lib/contracts/password'
import {
  aktionenSchema,
  produkteSchema,
  produktKategorienSchema,
  produktSchema,
  type Aktion,
  type Produkt,
} from '@/lib/contracts/catalog'
import {
  captchaCheckSchema,
  confirmParticipationResponseSchema,
  createRecommendationRequestSchema,
  recommendationSchema,
  recommendationsSchema,
  type CreateRecommendationInput,
  type Recommendation,
} from '@/lib/contracts/recommendation'
import {
  bankDataRequestSchema,
  bankDataResponseSchema,
  confirmRecipientResponseSchema,
  createdRecipientSchema,
  landingSchema,
  recipientConsentRequestSchema,
  recipientDataSchema,
  recipientConsentResponseSchema,
  recipientOrderSchema,
  storedRecipientSchema,
  type Landing,
  type RecipientDataInput,
} from '@/lib/contracts/recipient'
import {
  contactAcceptedSchema,
  contactCaptchaCheckSchema,
  contactRequestSchema,
  type ContactRequestInput,
} from '@/lib/contracts/contact'
import { praemienSchema } from '@/lib/contracts/rewards'
import {
  bannerSchema,
  pickRewardRequestSchema,
  praemierungDetailsSchema,
  praemierungenSchema,
  rewardMailSentSchema,
  type PickRewardRequest,
} from '@/lib/contracts/praemierung'
import { customerNumberResultSchema } from '@/lib/contracts/customer-number'
import {
  goodwillClaimAcceptedSchema,
  goodwillClaimRequestSchema,
  type GoodwillClaimInput,
} from '@/lib/contracts/goodwill'
import { referrerBankDataSchema, type BankDataRequest } from '@/lib/contracts/bank-data'
import { contentBlocksSchema, faqSchema, footnotesSchema, keyVisualsSchema } from '@/lib/contracts/content'
import {
  contentFlagsSchema,
  contentPageSchema,
  textOverridesSchema,
  type ContentPage,
  type PageKey,
} from '@/lib/shared/content/types'
import { routeTableSchema } from '@/lib/contracts/routes'
import type { Locale } from '@/lib/i18n/config'
import { publicTenantConfigSchema, type PublicTenantConfig } from '@/lib/shared/tenants/settings'
import { callMainApi, mainApiLinkBase, MainApiError } from './client'

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

/** The products of a category page (GET /produkt?quelle&kategorie). */
export function getProducts(tenant: string, locale: Locale, query: { quelle: string; kategorie: string }) {
  const search = new URLSearchParams(query)
  return callMainApi({ path: `${t(tenant)}/produkt?${search}`, locale, schema: produkteSchema })
}

/** The reward periods active today and the next ones (GET /praemie), merged across products. */
export function getRewards(tenant: string, locale: Locale) {
  return callMainApi({ path: `${t(tenant)}/praemie`, locale, schema: praemienSchema })
}

export function login(
  tenant: string,
  input: LoginRequest,
  locale: Locale,
  clientIp: string | null,
): Promise<User> {
  return callMainApi({
    path: `${t(tenant)}/account/login`,
    method: 'POST',
    body: loginRequestSchema.parse(input),
    locale,
    clientIp,
    schema: userSchema,
  })
}

/** The one-time login link of a mail (GET /account/login/?token=). */
export function loginWithLink(tenant: string, token: string, locale: Locale): Promise<User> {
  return callMainApi({
    path: `${t(tenant)}/account/login/?token=${encodeURIComponent(token)}`,
    locale,
    schema: userSchema,
  })
}

export function adminLogin(tenant: string, token: string, locale: Locale): Promise<User> {
  return callMainApi({
    path: `${t(tenant)}/account/adminLogin`,
    method: 'POST',
    body: { Token: token },
    locale,
    schema: userSchema,
  })
}

export function createCaptcha(tenant: string, locale: Locale) {
  return callMainApi({ path: `${t(tenant)}/captcha`, method: 'POST', locale, schema: captchaChallengeSchema })
}

export function createEmpfehler(tenant: string, input: CreateEmpfehlerRequest, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/account/createEmpfehler`,
    method: 'POST',
    body: createEmpfehlerRequestSchema.parse(input),
    locale,
    schema: mailAcceptedSchema,
  })
}

export function requestPasswordReset(tenant: string, email: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/account/resetPassword/${encodeURIComponent(email)}`,
    locale,
    schema: mailAcceptedSchema,
  })
}

export function resendWelcomeMail(tenant: string, email: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/account/resendWelcomeMail/${encodeURIComponent(email)}`,
    locale,
    schema: mailAcceptedSchema,
  })
}

export function validateResetPassword(tenant: string, token: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/account/validateResetPassword`,
    method: 'PUT',
    body: { Token: token },
    locale,
    schema: validateResetPasswordResponseSchema,
  })
}

/** Sets the password with a mailed link; answers the logged-in User (SPEC §7.9). */
export function resetPassword(
  tenant: string,
  token: string,
  password: string,
  locale: Locale,
): Promise<User> {
  return callMainApi({
    path: `${t(tenant)}/account/resetPassword`,
    method: 'PUT',
    body: resetPasswordRequestSchema.parse({ Token: token, Password: password }),
    locale,
    schema: userSchema,
  })
}

export function changePassword(
  tenant: string,
  token: string,
  input: { OldPassword: string; Password: string },
  locale: Locale,
  clientIp: string | null,
): Promise<User> {
  return callMainApi({
    path: `${t(tenant)}/account/resetPasswordWithoutToken`,
    method: 'PUT',
    body: changePasswordRequestSchema.parse(input),
    token,
    locale,
    clientIp,
    schema: userSchema,
  })
}

export function getPasswordValidator(tenant: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/account/passwortvalidator`,
    locale,
    schema: passwordValidatorSchema,
  })
}

export function deleteAccount(tenant: string, token: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/delete`,
    method: 'DELETE',
    token,
    locale,
    schema: okSchema,
  })
}

export function setNewsletterOptin(tenant: string, token: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/setNewsletterOptin`,
    method: 'PUT',
    token,
    locale,
    schema: newsletterStatusSchema,
  })
}

export function confirmNewsletterOptin(tenant: string, optinToken: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/newsletter/optin`,
    method: 'PUT',
    body: { Token: optinToken },
    locale,
    schema: newsletterStatusSchema,
  })
}

/** Unsubscribes with the mailed link's token, or the logged-in referrer with the session's token. */
export function newsletterOptout(
  tenant: string,
  by: { optoutToken: string } | { token: string },
  locale: Locale,
) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/newsletter/optout`,
    method: 'PUT',
    body: 'optoutToken' in by ? { Token: by.optoutToken } : {},
    token: 'token' in by ? by.token : undefined,
    locale,
    schema: newsletterStatusSchema,
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
    schema: okSchema,
  })
}

/** One product (GET /produkt/{id}); null when the catalogue has no such product. */
export async function getProduct(tenant: string, locale: Locale, id: number): Promise<Produkt | null> {
  try {
    return await callMainApi({ path: `${t(tenant)}/produkt/${id}`, locale, schema: produktSchema })
  } catch (error) {
    if (error instanceof MainApiError && error.status === 404) return null
    throw error
  }
}

/** The running campaigns (GET /aktion/alleAktiven); SPEC §7.9: a failure only leaves a note. */
export async function getActiveCampaigns(tenant: string, locale: Locale): Promise<Aktion[]> {
  try {
    return await callMainApi({ path: `${t(tenant)}/aktion/alleAktiven`, locale, schema: aktionenSchema })
  } catch (error) {
    // SPEC §7.9: a failed campaign call is only noted; the form then offers no campaigns.
    log.info('aktion/alleAktiven unavailable; no campaigns offered', { error: String(error) })
    return []
  }
}

/** POST /Empfehlen/create without a body: does the next recommendation need a captcha? */
export function checkRecommendationCaptcha(
  tenant: string,
  locale: Locale,
  options: { token?: string; clientIp: string | null },
) {
  return callMainApi({
    path: `${t(tenant)}/Empfehlen/create`,
    method: 'POST',
    locale,
    token: options.token,
    clientIp: options.clientIp,
    schema: captchaCheckSchema,
  })
}

/** POST /Empfehlen/create with the SPEC payload; the captcha solution goes in the query. */
export function createRecommendation(
  tenant: string,
  locale: Locale,
  input: CreateRecommendationInput,
  options: {
    token?: string
    clientIp: string | null
    captcha?: { CaptchaId: string; CaptchaLoesung: string }
  },
): Promise<Recommendation> {
  const query = options.captcha ? `?${new URLSearchParams(options.captcha)}` : ''
  return callMainApi({
    path: `${t(tenant)}/Empfehlen/create${query}`,
    method: 'POST',
    body: createRecommendationRequestSchema.parse(input),
    locale,
    token: options.token,
    clientIp: options.clientIp,
    schema: recommendationSchema,
  })
}

/** The opt-in link of the recommendation mail (PUT /empfehler/teilnahme): confirms and logs in. */
export function confirmParticipation(tenant: string, token: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/teilnahme`,
    method: 'PUT',
    body: { Token: token },
    locale,
    schema: confirmParticipationResponseSchema,
  })
}

/** One recommendation of the logged-in referrer (GET /empfehlen/{nr}); null when it is not theirs. */
export async function getRecommendation(
  tenant: string,
  token: string,
  locale: Locale,
  nummer: string,
): Promise<Recommendation | null> {
  try {
    return await callMainApi({
      path: `${t(tenant)}/empfehlen/${encodeURIComponent(nummer)}`,
      token,
      locale,
      schema: recommendationSchema,
    })
  } catch (error) {
    if (error instanceof MainApiError && (error.status === 404 || error.status === 400)) return null
    throw error
  }
}

/** The logged-in referrer's recommendations (GET /empfehler/empfehlungen/). */
export function getRecommendations(tenant: string, token: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/empfehlungen`,
    token,
    locale,
    schema: recommendationsSchema,
  })
}

/** The landing view of a shared recommendation (GET /empfehlung/{nr}); null when there is none. */
export async function getLanding(tenant: string, locale: Locale, nummer: string): Promise<Landing | null> {
  try {
    return await callMainApi({
      path: `${t(tenant)}/empfehlung/${encodeURIComponent(nummer)}`,
      locale,
      schema: landingSchema,
    })
  } catch (error) {
    if (error instanceof MainApiError && (error.status === 404 || error.status === 400)) return null
    throw error
  }
}

/** Counts a landing (PUT /empfehlung/{nr}?channel=), once per visitor and day. */
export function recordLanding(
  tenant: string,
  nummer: string,
  options: { channel?: string; clientIp: string | null },
) {
  const query = options.channel ? `?${new URLSearchParams({ channel: options.channel })}` : ''
  return callMainApi({
    path: `${t(tenant)}/empfehlung/${encodeURIComponent(nummer)}${query}`,
    method: 'PUT',
    clientIp: options.clientIp,
    schema: landingSchema,
  })
}

/** The recommendation of an offline code (GET /empfehlung/empfehlungscode/{code}). */
export function resolveCode(
  tenant: string,
  locale: Locale,
  code: string,
  options: { clientIp: string | null; captcha?: { CaptchaId: string; CaptchaLoesung: string } },
) {
  const query = new URLSearchParams({ einsprungsquelle: 'code', ...options.captcha })
  return callMainApi({
    path: `${t(tenant)}/empfehlung/empfehlungscode/${encodeURIComponent(code)}?${query}`,
    locale,
    clientIp: options.clientIp,
    schema: landingSchema,
  })
}

/** POST /empfaenger/create/{nr}?channel=: the recipient's data; mails the confirmation link. */
export function createRecipient(
  tenant: string,
  locale: Locale,
  nummer: string,
  data: RecipientDataInput,
  query: { channel?: string; einsprungsquelle?: string },
) {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  )
  return callMainApi({
    path: `${t(tenant)}/empfaenger/create/${encodeURIComponent(nummer)}${search.size ? `?${search}` : ''}`,
    method: 'POST',
    body: recipientDataSchema.parse(data),
    locale,
    schema: createdRecipientSchema,
  })
}

/** GET /empfaenger/{hex}: the remembered recipient, or null when it no longer exists. */
export async function getStoredRecipient(tenant: string, hex: string) {
  try {
    return await callMainApi({
      path: `${t(tenant)}/empfaenger/${encodeURIComponent(hex)}`,
      schema: storedRecipientSchema,
    })
  } catch (error) {
    if (error instanceof MainApiError && (error.status === 404 || error.status === 400)) return null
    throw error
  }
}

/** The recipient's confirmation link (PUT /empfaenger/bestaetigen): answers the recipient's token. */
export function confirmRecipient(tenant: string, token: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/empfaenger/bestaetigen`,
    method: 'PUT',
    body: { Token: token },
    locale,
    schema: confirmRecipientResponseSchema,
  })
}

/** PUT /empfaenger/zustimmung {AgbText} with the recipient's own token. */
export function recipientConsent(tenant: string, token: string, locale: Locale, agbText: string) {
  return callMainApi({
    path: `${t(tenant)}/empfaenger/zustimmung`,
    method: 'PUT',
    body: recipientConsentRequestSchema.parse({ AgbText: agbText }),
    token,
    locale,
    schema: recipientConsentResponseSchema,
  })
}

/** GET /empfaenger/auftrag with the recipient's token. */
export function getRecipientOrder(tenant: string, token: string, locale: Locale) {
  return callMainApi({ path: `${t(tenant)}/empfaenger/auftrag`, token, locale, schema: recipientOrderSchema })
}

/** The link to the order page (GET /empfehlung/{nr}/produkt/produktlink, a browser link, SPEC §7.5). */
export function productLinkHref(
  tenant: string,
  nummer: string,
  query: { channel?: string; empfaengernummer: string },
) {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  )
  return `${mainApiLinkBase()}${t(tenant)}/empfehlung/${encodeURIComponent(nummer)}/produkt/produktlink?${search}`
}

/** POST /empfaenger/bankdaten with the recipient's token; answers the data masked. */
export function saveRecipientBankData(
  tenant: string,
  token: string,
  locale: Locale,
  data: { IBAN: string; Kontoinhaber: string },
) {
  return callMainApi({
    path: `${t(tenant)}/empfaenger/bankdaten`,
    method: 'POST',
    body: bankDataRequestSchema.parse(data),
    token,
    locale,
    schema: bankDataResponseSchema,
  })
}

/** GET /empfehler/bankdaten/: the referrer's stored account, masked (nulls when none). */
export function getReferrerBankData(tenant: string, token: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/bankdaten`,
    token,
    locale,
    schema: referrerBankDataSchema,
  })
}

/**
 * PUT /empfehler/bankdaten/: stores or replaces the referrer's account; answers it masked. The input
 * goes as typed: the main API checks it (UngueltigeEingabe, IbanUngueltig, IbanNichtDeutsch).
 */
export function putReferrerBankData(tenant: string, token: string, locale: Locale, data: BankDataRequest) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/bankdaten`,
    method: 'PUT',
    body: data,
    token,
    locale,
    schema: referrerBankDataSchema,
  })
}

/** DELETE /empfehler/bankdaten/: removes the referrer's account. */
export function deleteReferrerBankData(tenant: string, token: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/bankdaten`,
    method: 'DELETE',
    token,
    locale,
    schema: referrerBankDataSchema,
  })
}

/** A content page (GET content/seite/{key}); null when the tenant's content has none. */
export async function getContentPage(
  tenant: string,
  locale: Locale,
  key: PageKey,
): Promise<ContentPage | null> {
  try {
    return await callMainApi({ path: `${t(tenant)}/content/seite/${key}`, locale, schema: contentPageSchema })
  } catch (error) {
    if (error instanceof MainApiError && error.status === 404) return null
    throw error
  }
}

export function getContentFlags(tenant: string, locale: Locale) {
  return callMainApi({ path: `${t(tenant)}/content/einstellungen`, locale, schema: contentFlagsSchema })
}

export function getContentBlocks(tenant: string, locale: Locale) {
  return callMainApi({ path: `${t(tenant)}/content/bloecke`, locale, schema: contentBlocksSchema })
}

export function getKeyVisuals(tenant: string, locale: Locale) {
  return callMainApi({ path: `${t(tenant)}/content/keyvisuals`, locale, schema: keyVisualsSchema })
}

export function getFaq(tenant: string, locale: Locale) {
  return callMainApi({ path: `${t(tenant)}/content/faq`, locale, schema: faqSchema })
}

export function getFootnotes(tenant: string, locale: Locale, identifiers: readonly string[]) {
  const q = encodeURIComponent(identifiers.join(','))
  return callMainApi({
    path: `${t(tenant)}/content/fussnoten?q=${q}`,
    locale,
    schema: footnotesSchema,
  })
}

/** The tenant's own message texts of a language (GET content/getlanguagecontent/{lang}). */
export function getLanguageContent(tenant: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/content/getlanguagecontent/${locale}`,
    locale,
    schema: textOverridesSchema,
  })
}

/** Address of a content image for the browser, scaled by the content service where it can. */
export function contentAssetHref(tenant: string, id: string, size: { width?: number; height?: number } = {}) {
  const query = new URLSearchParams()
  if (size.width) query.set('width', String(size.width))
  if (size.height) query.set('height', String(size.height))
  const suffix = query.size ? `?${query}` : ''
  return `${mainApiLinkBase()}${t(tenant)}/content/assets/${encodeURIComponent(id)}${suffix}`
}

/** GET /kontakt?cmd=IsCaptchaRequired: whether the next contact request of this browser needs a captcha. */
export function checkContactCaptcha(tenant: string, locale: Locale, clientIp: string | null) {
  return callMainApi({
    path: `${t(tenant)}/kontakt?cmd=IsCaptchaRequired`,
    locale,
    clientIp,
    schema: contactCaptchaCheckSchema,
  })
}

/** POST /kontakt: a contact request; a logged-in referrer's token names them as its sender. */
export function sendContactRequest(
  tenant: string,
  locale: Locale,
  input: ContactRequestInput,
  options: { token?: string; clientIp: string | null },
) {
  return callMainApi({
    path: `${t(tenant)}/kontakt`,
    method: 'POST',
    body: contactRequestSchema.parse(input),
    locale,
    token: options.token,
    clientIp: options.clientIp,
    schema: contactAcceptedSchema,
  })
}

/** GET /empfehler/GetResultFromKundennummer/: the referrer's customer number (masked) and its check. */
export function getCustomerNumberResult(tenant: string, token: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/GetResultFromKundennummer`,
    token,
    locale,
    schema: customerNumberResultSchema,
  })
}

/**
 * PUT /empfehler/SetKundennummerForEmpfehler/{kundennummer}?bestandskunde=true: stores the number as
 * typed (the main API drops spaces and checks it: UngueltigeEingabe); answers it masked, Ausstehend.
 */
export function setCustomerNumber(tenant: string, token: string, locale: Locale, kundennummer: string) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/SetKundennummerForEmpfehler/${encodeURIComponent(kundennummer)}?bestandskunde=true`,
    method: 'PUT',
    token,
    locale,
    schema: customerNumberResultSchema,
  })
}

/** POST /empfehler/kulanz: the logged-in referrer's goodwill claim (reward missing). */
export function sendGoodwillClaim(tenant: string, token: string, locale: Locale, input: GoodwillClaimInput) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/kulanz`,
    method: 'POST',
    body: goodwillClaimRequestSchema.parse(input),
    token,
    locale,
    schema: goodwillClaimAcceptedSchema,
  })
}

/**
 * The caller's rewards with the balance (GET /praemierung/). The bearer is the referrer's session token
 * or a reward link's own token (SPEC §6).
 */
export function getPraemierungen(tenant: string, bearer: string, locale: Locale) {
  return callMainApi({ path: `${t(tenant)}/praemierung`, token: bearer, locale, schema: praemierungenSchema })
}

/** One reward with its history (GET /praemierung/?details=); null when it is not the caller's. */
export async function getPraemierungDetails(
  tenant: string,
  bearer: string,
  locale: Locale,
  praemieId: string,
) {
  try {
    return await callMainApi({
      path: `${t(tenant)}/praemierung?details=${encodeURIComponent(praemieId)}`,
      token: bearer,
      locale,
      schema: praemierungDetailsSchema,
    })
  } catch (error) {
    if (error instanceof MainApiError && (error.status === 404 || error.status === 400)) return null
    throw error
  }
}

/** PUT /praemierung/: picks a ready reward once. */
export function pickReward(tenant: string, bearer: string, locale: Locale, input: PickRewardRequest) {
  return callMainApi({
    path: `${t(tenant)}/praemierung`,
    method: 'PUT',
    body: pickRewardRequestSchema.parse(input),
    token: bearer,
    locale,
    schema: praemierungDetailsSchema,
  })
}

/** GET /empfehler/praemierungmail/{id}: the reward mail again. */
export function resendRewardMail(tenant: string, token: string, locale: Locale, praemieId: string) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/praemierungmail/${encodeURIComponent(praemieId)}`,
    token,
    locale,
    schema: rewardMailSentSchema,
  })
}

/** GET /empfehler/empfehlungen/showbanner/BannerTEZuTP. */
export function getBannerTeZuTp(tenant: string, token: string, locale: Locale) {
  return callMainApi({
    path: `${t(tenant)}/empfehler/empfehlungen/showbanner/BannerTEZuTP`,
    token,
    locale,
    schema: bannerSchema,
  })
}
