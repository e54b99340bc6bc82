import { getFormatter, getTranslations } from 'next-intl/server'
import { ClientMessages } from '@/components/ui/client-messages'
import { pageOfPair } from '@/lib/shared/catalog/reward-overview'
import { CATEGORY_PAGES } from '@/lib/routes/category-pages'
import { rewardImagePath, type PraemieEintrag } from '@/lib/contracts/rewards'
import type { Locale } from '@/lib/i18n/config'
import { RewardCarousel, type RewardSlide } from './reward-carousel'
import { formatDate } from '@/lib/i18n/dates'

/** A slide names this many categories and counts the rest, so a widely used reward stays short. */
const NAMED_CATEGORIES = 4

type Props = {
  rewards: PraemieEintrag[]
  locale: Locale
  /** The tenant's apiRoute: the pictures' address, like the product pictures' (SPEC §7.7). */
  apiRoute: string
  headingLevel?: 'h2' | 'h3'
}

/**
 * The carousel of the rewards active today, worded on the server (amount, validity, the categories
 * it applies to); the carousel itself only turns. Used by the reward overview and, with the tenant's
 * Display.Carousel flag, by the home page.
 */
export async function ActiveRewardCarousel({ rewards, locale, apiRoute, headingLevel }: Props) {
  const t = await getTranslations('RewardOverview')
  const tc = await getTranslations('Catalog')
  const tp = await getTranslations('CategoryPages')
  const format = await getFormatter()
  const date = (iso: string) => formatDate(format, iso)
  // Named in the order of the category pages (as the overview's cards below), others after them.
  const categoryNames = (reward: PraemieEintrag) =>
    reward.Produktkategorien.map((c) => ({ c, page: pageOfPair(c.Quelle, c.Produktkategorie) }))
      .map(({ c, page }, i) => ({
        name: page ? tp(`${page.key}.title` as 'internet.title') : c.Produktkategorie,
        order: page ? CATEGORY_PAGES.indexOf(page) : CATEGORY_PAGES.length + i,
      }))
      .sort((a, b) => a.order - b.order)
      .map((n) => n.name)
  const slides: RewardSlide[] = rewards
    .filter((r) => r.Aktiv)
    .map((reward) => {
      const names = [...new Set(categoryNames(reward))]
      const shown =
        names.length > NAMED_CATEGORIES + 1
          ? [
              ...names.slice(0, NAMED_CATEGORIES),
              t('moreCategories', { count: names.length - NAMED_CATEGORIES }),
            ]
          : names
      const end = reward.EnddatumAnzeige ?? reward.Enddatum
      return {
        id: reward.Id,
        image: rewardImagePath(apiRoute, reward.Id, 'grafik100', locale),
        title: tc('rewardBadge', { praemieWert: reward.Wert }),
        lines: [
          end ? t('slideUntil', { enddatum: date(end) }) : t('slideOpen'),
          t('slideCategories', { kategorien: format.list(shown, { type: 'conjunction' }) }),
        ],
      }
    })
  return (
    <ClientMessages locale={locale} namespaces={['RewardOverview']}>
      <RewardCarousel slides={slides} headingLevel={headingLevel} />
    </ClientMessages>
  )
}
