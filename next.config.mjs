// @ts-check
import createNextIntlPlugin from 'next-intl/plugin'
import { COMMON_SECURITY_HEADERS, FRAMING_HEADERS_SELF } from './lib/edge/security-headers.mjs'
import { categoryRewrites } from './lib/routes/category-table.mjs'
import { API_CAPITALISED } from './lib/routes/api-capitalised.mjs'

const withNextIntl = createNextIntlPlugin('./lib/portal/i18n-request.ts')

/**
 * German is the default locale without a prefix: /{tenant}/… matches the app's routes as it is, with
 * no rewrite on the way. English /{tenant}/en/… is rewritten to the tenant segment "{tenant}~en", so
 * every public page renders once per tenant and locale and is served from cache (no proxy on those
 * paths; lib/routes/href.ts reads the segment). Tenants may also be served on their own host
 * (TENANT_HOSTS="host=tenant,…", read when building; lib/shared/env.ts validates it at run time).
 */

/** First path segments that are never tenants: API, static assets, the status page. */
const RESERVED = 'api|assets|status|_next'
// Lookaheads end in \\b: `$` would mean the end of the whole path, not of the segment.
const SLUG = `(?!(?:${RESERVED})\\b)[a-z][a-z0-9-]{1,39}`
// beforeFiles rewrites chain (a later rule sees the path an earlier one produced), so a host's
// catch-all must not take "/h~{slug}/…" again; icon.svg is the app's favicon, embed.js the embed script.
/** The tenant segment after the locale and host rewrites: demo, demo~en, h~demo, h~demo~en. */
const TENANT_SEGMENT = `(?:h~)?${SLUG}(?:~en)?`
const CATEGORY_REWRITES = categoryRewrites(TENANT_SEGMENT)
// Whole segments only (followed by "/" or the end of the path): "de" and "en" are languages, but a tenant
// slug such as "de-nord" on a mapped host is a path of the host's tenant like any other.
const HOST_FIRST = `(?!(?:de|en|icon\\.svg|embed\\.js|${RESERVED})(?:/|$)|h~)[^/]+`

/** A host name as a literal in the rewrites' host conditions, which Next reads as a regular expression. */
const hostPattern = (/** @type {string} */ host) => host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Main-API path heads the SPEC also writes capitalised; the routes live under the lower-case form. */

/** @returns {Array<[string, string]>} */
function tenantHosts() {
  return (process.env.TENANT_HOSTS ?? '')
    .split(',')
    .map((pair) => pair.split('=').map((p) => p.trim()))
    .filter((pair) => pair.length === 2 && pair[0] && /^[a-z][a-z0-9-]{1,39}$/.test(pair[1] ?? ''))
    .map(([host, tenant]) => [String(host).toLowerCase(), String(tenant)])
}

/** Host-mapped tenants render under the tenant segment "h~{slug}[~en]", so links leave out the prefix. */
function hostRewrites() {
  return tenantHosts().flatMap(([host, tenant]) => {
    // The host, or X-Forwarded-Host: a server action's redirect target is fetched from this server's
    // own origin (Host: localhost) and keeps the browser's host only in that header.
    const conditions = [
      [{ type: /** @type {const} */ ('host'), value: hostPattern(host) }],
      [
        {
          type: /** @type {const} */ ('header'),
          key: 'x-forwarded-host',
          value: `${hostPattern(host)}(?::\\d+)?`,
        },
      ],
    ]
    return conditions.flatMap((has) => [
      { source: '/', has, destination: `/h~${tenant}` },
      { source: '/en', has, destination: `/h~${tenant}~en` },
      { source: '/en/:path*', has, destination: `/h~${tenant}~en/:path*` },
      { source: `/:first(${HOST_FIRST})/:rest*`, has, destination: `/h~${tenant}/:first/:rest*` },
    ])
  })
}

function hostRedirects() {
  return tenantHosts().flatMap(([host]) => {
    const has = [{ type: /** @type {const} */ ('host'), value: hostPattern(host) }]
    return [
      { source: '/:code(exklusiv|exclusiv)', has, destination: '/code', permanent: false },
      { source: '/en/:code(exklusiv|exclusiv)', has, destination: '/en/code', permanent: false },
    ]
  })
}

/**
 * Security headers (lib/edge/security-headers.mjs). The framing pair (CSP with frame-ancestors 'self',
 * X-Frame-Options SAMEORIGIN) is left out for requests with the widget parameter: the proxy sets them
 * there with the tenant's registered host origins (lib/portal/proxy/frame-headers.ts), which a static header
 * cannot know. Only widget requests run the proxy for it, so cached public pages stay free of it.
 */
const widgetQuery = [{ type: /** @type {const} */ ('query'), key: 'widget' }]

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets a benchmark or test build live beside the normal one (.next).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // NEXT_OUTPUT=standalone (the container image, scripts/assemble-image.mjs): the server files with only
  // the packages they use, to run without the project's node_modules.
  ...(process.env.NEXT_OUTPUT === 'standalone' ? { output: /** @type {const} */ ('standalone') } : {}),
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: { globalNotFound: true },
  serverExternalPackages: [
    '@electric-sql/pglite',
    'argon2',
    'pg',
    'pino',
    'prom-client',
    'ioredis',
    'rate-limiter-flexible',
  ],
  // NEXT_SKIP_TYPECHECK=1 leaves the type check to `npm run typecheck` (CI runs it before building), so
  // a build for a quick test run does not repeat it.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === '1' },
  // Metadata in the head before the content for every visitor (not streamed after it): a page is never
  // shown or announced without its title, also right after a navigation (WCAG 2.4.2).
  htmlLimitedBots: /.*/,
  async headers() {
    // Generated SVG pictures run nothing and load nothing: a stricter policy than the pages'.
    const svgPolicy = [
      { key: 'Content-Security-Policy', value: "default-src 'none'; style-src 'unsafe-inline'" },
    ]
    return [
      { source: '/:path*', headers: [...COMMON_SECURITY_HEADERS] },
      { source: '/:path*', missing: widgetQuery, headers: [...FRAMING_HEADERS_SELF] },
      { source: '/api/v1/:tenant/produkt/:id/:image(grafik|sgrafik)', headers: svgPolicy },
      { source: '/api/v1/:tenant/produktkategorie/:id/:image(grafik|icon)', headers: svgPolicy },
      {
        source: '/api/v1/:tenant/praemie/:id/:image(grafik100|grafik50|grafik50empfehler|grafik50empfaenger)',
        headers: svgPolicy,
      },
      // Images of the tenant's content (the content service may deliver SVG): nothing in them runs.
      {
        source: '/api/v1/:tenant/content/assets/:id',
        headers: [
          { key: 'Content-Security-Policy', value: "default-src 'none'; style-src 'unsafe-inline'; sandbox" },
        ],
      },
    ]
  },
  async redirects() {
    return [
      ...hostRedirects(),
      { source: `/:tenant(${SLUG})/de`, destination: '/:tenant', permanent: false },
      { source: `/:tenant(${SLUG})/de/:path*`, destination: '/:tenant/:path*', permanent: false },
      // The internal form of English URLs is not an address of its own.
      { source: `/:tenant(${SLUG})~en`, destination: '/:tenant/en', permanent: false },
      { source: `/:tenant(${SLUG})~en/:path*`, destination: '/:tenant/en/:path*', permanent: false },
      {
        source: `/:tenant(${SLUG})/:code(exklusiv|exclusiv)`,
        destination: '/:tenant/code',
        permanent: false,
      },
      {
        source: `/:tenant(${SLUG})/en/:code(exklusiv|exclusiv)`,
        destination: '/:tenant/en/code',
        permanent: false,
      },
    ]
  },
  async rewrites() {
    return {
      beforeFiles: [
        ...hostRewrites(),
        { source: `/:tenant(${SLUG})/en`, destination: '/:tenant~en' },
        { source: `/:tenant(${SLUG})/en/:path*`, destination: '/:tenant~en/:path*' },
        // The SPEC writes some main-API paths capitalised (Empfehlen/create, Produkt/{id}, …).
        ...API_CAPITALISED.map((word) => ({
          source: `/api/v1/:tenant/${word}/:path*`,
          destination: `/api/v1/:tenant/${word.toLowerCase()}/:path*`,
        })),
        // After the locale and host rewrites: the category route has no address of its own.
        ...CATEGORY_REWRITES.beforeFiles,
      ],
      // Every product-category page (lib/routes/category-table.mjs) is served by the one category route.
      afterFiles: CATEGORY_REWRITES.afterFiles,
      fallback: [],
    }
  },
}

export default withNextIntl(nextConfig)
