'use client'

import { usePathname } from 'next/navigation'
import { NotFoundLinks, type NotFoundLink } from './not-found-links'

export type NotFoundTexts = { title: string; message: string; hint: string; links: NotFoundLink[] }

/** A recommendation's own pages, whose number the engine does not know (a link copied short, a typo). */
const RECOMMENDATION_PATH = /\/(empfehlung|empfaengerdaten)\/[^/]+\/?$/

/**
 * The not-found screen's text, chosen by the address that was not found: an unknown recommendation
 * number leads to the code entry, where a friend with a recommendation code goes on; anything else home.
 * Chosen here rather than by a not-found file beside the recommendation's page, which Next renders
 * alongside the page before the page has set the request's language.
 */
export function NotFoundBody({
  general,
  recommendation,
}: {
  general: NotFoundTexts
  recommendation: NotFoundTexts
}) {
  const texts = RECOMMENDATION_PATH.test(usePathname() ?? '') ? recommendation : general
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">{texts.title}</h1>
      <p className="lead">{texts.message}</p>
      <p>{texts.hint}</p>
      <NotFoundLinks links={texts.links} />
    </section>
  )
}
