import { CategoryScreen } from '@/components/catalog/category-screen'
import type { PortalParams } from '@/lib/portal/resolve'

// SPEC §2.3 category page /tablets.html: the same for every visitor, cached per tenant and locale.
export const revalidate = 300
export const dynamicParams = true
export function generateStaticParams(): PortalParams[] {
  return []
}

export default function Page({ params }: { params: Promise<PortalParams> }) {
  return <CategoryScreen params={params} path="tablets.html" />
}
