// GET /api/story/{tenant}/{nr}?locale= — the Instagram story picture (1080×1920 PNG) of the logged-in
// referrer's recommendation: the tenant's brand, the friend's own reward or the product's benefit, the code.
import { ImageResponse } from 'next/og'
import { createTranslator } from 'next-intl'
import { apiContext } from '@/lib/portal/main-api/context'
import { getRecommendation } from '@/lib/portal/main-api/recommendations'
import { getTenantConfig } from '@/lib/portal/main-api/tenant'
import { recommendationNumberSchema } from '@/lib/contracts/recommendation'
import { isLocale, type Locale } from '@/lib/i18n/config'
import { messagesFor } from '@/lib/i18n/messages'
import { getProduct } from '@/lib/portal/main-api/catalog'
import { productBenefit } from '@/lib/shared/catalog/product-benefit'
import { qrSvgDataUrl } from '@/lib/shared/share/qr'
import { codePageOf, formatCode } from '@/lib/shared/share/share-links'
import { friendReward } from '@/lib/shared/share/share-texts'
import { storyWording } from '@/lib/shared/share/story-wording'
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
  const reward = friendReward({
    totalCents: recommendation.Praemie?.WertCent ?? 0,
    anteilEmpfehler: recommendation.AnteilEmpfehler,
    maxRecipientCents: config.Settings.MaxEmpfaengerPraemieCent,
  })
  // The product's benefit speaks where no reward figure is the friend's; a product gone from the
  // catalogue leaves the picture with its name only.
  const product =
    reward.mode === 'Empfehler' ? await getProduct(api, recommendation.Produkt.Id).catch(() => null) : null
  const words = storyWording((key, values) => t(key, values), {
    reward,
    product: recommendation.Produkt.AnzeigeName,
    benefit: product ? productBenefit(product) : null,
    locale,
  })
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
          {words.headline}
        </div>
        <div style={{ fontSize: 60, marginTop: 40, textAlign: 'center', lineHeight: 1.2 }}>
          {words.product}
        </div>
      </div>
      {(words.reward || words.benefit) && (
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            background: '#ffffff',
            color: colours.dark,
            borderRadius: 48,
            padding: '50px 80px',
            width: 900,
          }}
        >
          {/* Satori lays a fragment's children out in a row: each line is a child of the box itself. */}
          {words.reward && <div style={{ fontSize: 56, fontWeight: 700 }}>{words.reward.label}</div>}
          {words.reward && (
            <div style={{ fontSize: 170, fontWeight: 700, lineHeight: 1.1 }}>{words.reward.amount}</div>
          )}
          {words.reward && <div style={{ fontSize: 48, textAlign: 'center' }}>{words.reward.caption}</div>}
          {words.reward?.forMe && (
            <div style={{ fontSize: 40, marginTop: 24, opacity: 0.85, textAlign: 'center' }}>
              {words.reward.forMe}
            </div>
          )}
          {words.benefit && <div style={{ fontSize: 48 }}>{words.benefit.label}</div>}
          {words.benefit && (
            <div
              style={{ fontSize: 76, fontWeight: 700, marginTop: 16, textAlign: 'center', lineHeight: 1.15 }}
            >
              {words.benefit.text}
            </div>
          )}
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
