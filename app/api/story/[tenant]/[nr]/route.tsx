// GET /api/story/{tenant}/{nr}?locale= — the Instagram story picture (1080×1920 PNG) of the logged-in
// referrer's recommendation: the tenant's brand, the reward the friend gets and the code to type.
import { ImageResponse } from 'next/og'
import { createTranslator } from 'next-intl'
import { apiContext } from '@/lib/portal/main-api/context'
import { getRecommendation } from '@/lib/portal/main-api/recommendations'
import { getTenantConfig } from '@/lib/portal/main-api/tenant'
import { recommendationNumberSchema } from '@/lib/contracts/recommendation'
import { isLocale, type Locale } from '@/lib/i18n/config'
import { messagesFor } from '@/lib/i18n/messages'
import { formatRewardValue } from '@/lib/shared/catalog/format-reward'
import { qrSvgDataUrl } from '@/lib/shared/share/qr'
import { codePageOf, formatCode, rewardMode, rewardSplit } from '@/lib/shared/share/share-links'
import { BRAND_COLOURS } from '@/lib/shared/tenants/brand-colours'
import { MainApiError } from '@/lib/portal/main-api/client'
import { endSession, sessionFor } from '@/lib/portal/session'

export const dynamic = 'force-dynamic'

const WIDTH = 1080
const HEIGHT = 1920

type Params = { params: Promise<{ tenant: string; nr: string }> }

const notFound = () => new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } })

export async function GET(request: Request, { params }: Params) {
  const { tenant, nr } = await params
  const localeParam = new URL(request.url).searchParams.get('locale') ?? 'de'
  const locale: Locale = isLocale(localeParam) ? localeParam : 'de'
  const session = await sessionFor(tenant)
  const nummer = recommendationNumberSchema.safeParse(nr)
  if (!session || !nummer.success) return notFound()
  const api = apiContext({ tenant, locale }, session)
  const [config, recommendation] = await Promise.all([
    getTenantConfig(api),
    getRecommendation(api, nummer.data).catch(async (error: unknown) => {
      // SPEC §7.9: a token the main API refuses (a session ended by logout, a password change, a lock
      // or the deletion) logs the browser out; the picture is not there for it.
      if (!(error instanceof MainApiError && error.code === 'PSOF0204')) throw error
      await endSession()
      return null
    }),
  ])
  if (!config || !recommendation) return notFound()
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: 'Story' })
  const colours = BRAND_COLOURS[config.Settings.BrandVariant] ?? BRAND_COLOURS.aurora
  const mode = rewardMode(recommendation.AnteilEmpfehler)
  const cents = recommendation.Praemie?.WertCent ?? 0
  const split = rewardSplit(cents, recommendation.AnteilEmpfehler, config.Settings.MaxEmpfaengerPraemieCent)
  const friendCents = mode === 'Empfehler' ? cents : split.friendCents
  const amount = formatRewardValue(friendCents, locale)
  const code = recommendation.Code ? formatCode(recommendation.Code) : recommendation.Empfehlungsnummer
  const qrSrc = await qrSvgDataUrl(recommendation.Link, { dark: colours.dark })
  const codeUrl = codePageOf(recommendation.Link).replace(/^https?:\/\//, '')
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'space-between',
        padding: '140px 90px',
        background: `linear-gradient(160deg, ${colours.primary} 0%, ${colours.dark} 100%)`,
        color: '#ffffff',
        fontFamily: 'sans-serif',
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <div style={{ fontSize: 52, opacity: 0.9 }}>{config.Settings.ProgrammName}</div>
        <div style={{ fontSize: 96, fontWeight: 700, marginTop: 60, textAlign: 'center', lineHeight: 1.1 }}>
          {t('headline')}
        </div>
        <div style={{ fontSize: 56, marginTop: 40, textAlign: 'center' }}>
          {recommendation.Produkt.AnzeigeName}
        </div>
      </div>
      {cents > 0 && (
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            background: '#ffffff',
            color: colours.dark,
            borderRadius: 48,
            padding: '50px 90px',
          }}
        >
          <div style={{ fontSize: 170, fontWeight: 700 }}>{amount}</div>
          <div style={{ fontSize: 48 }}>{t(mode === 'Empfehler' ? 'rewardReferrer' : 'rewardFriend')}</div>
        </div>
      )}
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- rendered into the PNG, not the page */}
        <img
          src={qrSrc}
          width={320}
          height={320}
          alt=""
          style={{ background: '#ffffff', borderRadius: 24 }}
        />
        <div style={{ fontSize: 44, marginTop: 40 }}>{t('codeLabel')}</div>
        <div style={{ fontSize: 110, fontWeight: 700, letterSpacing: 8 }}>{code}</div>
        <div style={{ fontSize: 40, marginTop: 10, opacity: 0.9 }}>{codeUrl}</div>
      </div>
    </div>,
    { width: WIDTH, height: HEIGHT, headers: { 'Cache-Control': 'private, no-store' } },
  )
}
