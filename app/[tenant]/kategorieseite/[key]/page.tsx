import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'
import { CategoryScreen } from '@/components/catalog/category-screen'
import { resolvePortal, type PortalParams } from '@/lib/portal/resolve'
import { categoryPageByKey } from '@/lib/routes/category-pages'

// SPEC §2.3: every product-category page (lib/routes/category-pages.ts). next.config.mjs rewrites each
// page's own path here; the same for every visitor, so cached per tenant, locale and page.
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

type Props = { params: Promise<PortalParams & { key: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx } = await resolvePortal(params)
  const page = categoryPageByKey((await params).key)
  if (!page) return {}
  const t = await getTranslations({ locale: ctx.locale, namespace: 'CategoryPages' })
  return { title: t(`${page.key}.title` as 'internet.title') }
}

export default function CategoryPage({ params }: Props) {
  return <CategoryScreen params={params} />
}
