import Link from 'next/link'
import { contentAssetHref } from '@/lib/portal/main-api/content'
import type { ContentLink } from '@/lib/shared/content/types'
import { loadContentBlocks, loadKeyVisuals } from '@/lib/portal/content'
import { portalHref } from '@/lib/portal/sanitize'
import type { PortalContext } from '@/lib/routes/href'
import type { PublicTenantConfig } from '@/lib/shared/tenants/settings'
import { ContentUnavailable } from './content-unavailable'
import { RichHtml } from './rich-html'

/** Widths the key visual is offered in; the browser picks by its layout width. */
const VISUAL_WIDTHS = [800, 1600] as const

/** 'home', or 'kategorie:<slug>' for a product-category page (SPEC §2.3 slug). */
export type Placement = 'home' | `kategorie:${string}`

export function ContentLinkButton({
  ctx,
  link,
  secondary,
  plain,
}: {
  ctx: PortalContext
  link: ContentLink
  secondary?: boolean
  /** A text link rather than a button. */
  plain?: boolean
}) {
  const target = link.Ziel.startsWith('/') ? portalHref(ctx, link.Ziel) : link.Ziel
  const className = plain ? 'text-link' : secondary ? 'button button--secondary' : 'button'
  return target.startsWith('/') ? (
    <Link className={className} href={target}>
      {link.Text}
    </Link>
  ) : (
    <a className={className} href={target} rel="noopener noreferrer">
      {link.Text}
    </a>
  )
}

/** The key visual of a place when the tenant shows key visuals (Display.KeyVisual) and one is there. */
export async function keyVisualOf(ctx: PortalContext, config: PublicTenantConfig, placement: Placement) {
  if (!config.Settings.Display.KeyVisual) return null
  const loaded = await loadKeyVisuals(ctx)
  return (loaded.unavailable ? undefined : loaded.value.find((k) => k.Platz === placement)) ?? null
}

/** The key visual's picture in the widths the browser chooses from. */
export function keyVisualSources(ctx: PortalContext, id: string) {
  return {
    src: contentAssetHref(ctx, { id, width: VISUAL_WIDTHS[1] }),
    srcSet: VISUAL_WIDTHS.map((w) => `${contentAssetHref(ctx, { id, width: w })} ${w}w`).join(', '),
  }
}

/**
 * The key visual of a place (display flag KeyVisual). It is decoration with a message: when the
 * content cannot be loaded the page goes on without it (the blocks of the page say so).
 */
export async function KeyVisualBanner({
  ctx,
  config,
  placement,
}: {
  ctx: PortalContext
  config: PublicTenantConfig
  placement: Placement
}) {
  if (!config.Settings.Display.KeyVisual) return null
  const loaded = await loadKeyVisuals(ctx)
  const visual = loaded.unavailable ? undefined : loaded.value.find((k) => k.Platz === placement)
  if (!visual) return null
  const { Bild } = visual
  const srcSet = VISUAL_WIDTHS.map((w) => `${contentAssetHref(ctx, { id: Bild.Id, width: w })} ${w}w`).join(
    ', ',
  )
  return (
    <section className="key-visual" aria-labelledby={`kv-${visual.Id}`}>
      {/* eslint-disable-next-line @next/next/no-img-element -- images come scaled from the content service */}
      <img
        className="key-visual__image"
        src={contentAssetHref(ctx, { id: Bild.Id, width: VISUAL_WIDTHS[1] })}
        srcSet={srcSet}
        sizes="(min-width: 1024px) 1000px, 100vw"
        width={Bild.Breite}
        height={Bild.Hoehe}
        alt={Bild.Alt}
        fetchPriority={placement === 'home' ? 'high' : undefined}
      />
      <div className="key-visual__text">
        <h2 id={`kv-${visual.Id}`}>{visual.Titel}</h2>
        <p>{visual.Text}</p>
        {visual.Link && config.Settings.Display.Cta && <ContentLinkButton ctx={ctx} link={visual.Link} />}
      </div>
    </section>
  )
}

/** The content blocks of a place, in their order; 'Inhalt nicht verfügbar' when they cannot be loaded. */
export async function ContentBlocks({ ctx, placement }: { ctx: PortalContext; placement: Placement }) {
  const loaded = await loadContentBlocks(ctx)
  if (loaded.unavailable)
    return (
      <section className="content-blocks">
        <ContentUnavailable />
      </section>
    )
  const blocks = loaded.value.filter((b) => b.Platz === placement)
  if (blocks.length === 0) return null
  return (
    <div className="content-blocks">
      {blocks.map((block) => (
        <section key={block.Id} className="content-block" aria-labelledby={`block-${block.Id}`}>
          <h2 id={`block-${block.Id}`}>{block.Titel}</h2>
          <RichHtml html={block.Html} ctx={ctx} />
          {block.Link && (
            <p>
              <ContentLinkButton ctx={ctx} link={block.Link} secondary />
            </p>
          )}
        </section>
      ))}
    </div>
  )
}
