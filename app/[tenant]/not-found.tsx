import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { notFoundMetadata } from '@/lib/portal/route-metadata'
import { NotFoundBody } from '@/components/errors/not-found-body'
import { DEFAULT_LOCALE } from '@/lib/i18n/config'
import type { PortalParams } from '@/lib/portal/resolve'
import { parseTenantParam } from '@/lib/routes/href'

/** "Seite nicht gefunden" in the tab, in the address's language. */
export async function generateMetadata({ params }: { params: Promise<PortalParams> }): Promise<Metadata> {
  return notFoundMetadata(parseTenantParam((await params).tenant)?.locale ?? DEFAULT_LOCALE)
}

export default async function NotFound() {
  const t = await getTranslations('NotFound')
  return (
    <NotFoundBody
      general={{
        title: t('title'),
        message: t('message'),
        hint: t('hint'),
        links: [{ path: '/', label: t('home') }],
      }}
      recommendation={{
        title: t('recommendationTitle'),
        message: t('message'),
        hint: t('recommendationMessage'),
        links: [
          { path: '/code', label: t('recommendationCode') },
          { path: '/', label: t('home'), secondary: true },
        ],
      }}
    />
  )
}
