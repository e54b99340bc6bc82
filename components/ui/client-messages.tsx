import type { ReactNode } from 'react'
import { NextIntlClientProvider } from 'next-intl'
import { TIME_ZONE, type Locale } from '@/lib/i18n/config'
import { getMessages } from 'next-intl/server'
import type { Messages } from '@/lib/i18n/messages'

type Props = { locale: Locale; namespaces: (keyof Messages)[]; children: ReactNode }

/**
 * Hands the namespaces client components need to the browser, for that subtree only, so no page
 * carries every text of the portal: the layout gives the shell's, a screen adds its forms' own.
 */
export async function ClientMessages({ locale, namespaces, children }: Props) {
  // The request's messages: the portal's texts with the tenant's own over them.
  const all = (await getMessages()) as unknown as Messages
  const messages = Object.fromEntries(namespaces.map((ns) => [ns, all[ns]]))
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={TIME_ZONE}>
      {children}
    </NextIntlClientProvider>
  )
}
