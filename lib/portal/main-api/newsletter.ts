import 'server-only'
import { newsletterStatusSchema, type NewsletterStatus } from '@/lib/contracts/account'
import type { ApiContext, AuthContext } from './context'
import { send } from './request'

/** The referrer's newsletter permission: the double opt-in and its withdrawal. */

/** PUT /empfehler/setNewsletterOptin (§7.3): mails the double opt-in link. */
export function subscribeToNewsletter(ctx: AuthContext) {
  return send(ctx, {
    path: '/empfehler/setNewsletterOptin',
    method: 'PUT',
    token: ctx.token,
    schema: newsletterStatusSchema,
  })
}

/** PUT /empfehler/newsletter/optin (beside §7.3): the mailed opt-in link's token confirms. */
export function confirmNewsletterSubscription(ctx: ApiContext, optinToken: string) {
  return send(ctx, {
    path: '/empfehler/newsletter/optin',
    method: 'PUT',
    body: { Token: optinToken },
    schema: newsletterStatusSchema,
  })
}

/**
 * PUT /empfehler/newsletter/optout (beside §7.3): unsubscribes with the mailed link's token, or without
 * one the logged-in referrer of the context's token.
 */
export function unsubscribeFromNewsletter(ctx: AuthContext): Promise<NewsletterStatus>
export function unsubscribeFromNewsletter(
  ctx: ApiContext,
  link: { optoutToken: string },
): Promise<NewsletterStatus>
export function unsubscribeFromNewsletter(ctx: ApiContext, link?: { optoutToken: string }) {
  return send(ctx, {
    path: '/empfehler/newsletter/optout',
    method: 'PUT',
    body: link ? { Token: link.optoutToken } : {},
    token: link ? undefined : ctx.token,
    schema: newsletterStatusSchema,
  })
}
