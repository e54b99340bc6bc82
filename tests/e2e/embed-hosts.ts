import { createServer, type Server } from 'node:http'
import { ORIGIN } from './support'

/**
 * Host pages on other local origins for the embedding spec: 127.0.0.1 is another site than the portal's
 * localhost, so the portal runs in a cross-site frame there, as on a provider's website.
 *   HOST_ORIGIN  a registered host (the test tenants' FrameAncestors): embeds the portal with embed.js
 *   THIRD_ORIGIN not registered: tries to frame the portal, and posts messages at it from inside a host
 */
export const HOST_PORT = 3410
export const THIRD_PORT = 3411
export const HOST_ORIGIN = `http://127.0.0.1:${HOST_PORT}`
export const THIRD_ORIGIN = `http://127.0.0.1:${THIRD_PORT}`

/**
 * What a page goes through, for the spec to read: every message it receives with its origin
 * (__received), every address the embed script gives it (__addresses), every height of a frame
 * (__heights).
 */
const RECORDER = `<script>
  window.__received = []
  window.addEventListener('message', function (event) {
    window.__received.push({ origin: event.origin, data: event.data })
  })
  window.__addresses = []
  var replace = history.replaceState.bind(history)
  history.replaceState = function (state, unused, url) {
    window.__addresses.push(String(url))
    return replace(state, unused, url)
  }
  window.__heights = []
  new MutationObserver(function (records) {
    records.forEach(function (r) {
      if (r.target.tagName === 'IFRAME') window.__heights.push(r.target.style.height)
    })
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['style'], subtree: true })
</script>`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title>${RECORDER}</head>
<body style="margin:0;font-family:sans-serif">${body}</body></html>`
}

const SLUG = /^[a-z][a-z0-9-]{1,39}$/

/** The provider's page with the embed snippet (README, "Embedding the portal"). */
export function hostPage(tenant: string, options: { locale?: 'de' | 'en'; thirdPartyFrame?: boolean } = {}) {
  const third = options.thirdPartyFrame
    ? `<iframe title="Werbung eines Dritten" src="${THIRD_ORIGIN}/nachrichten" style="width:300px;height:60px"></iframe>`
    : ''
  return page(
    'Lumenta – Freunde werben',
    `<header style="height:900px;background:#eef"><h1>Lumenta Telekom: Freunde werben</h1>${third}</header>
<main><div data-empfehlungsportal></div>
<script src="${ORIGIN}/embed.js" data-tenant="${tenant}" data-locale="${options.locale ?? 'de'}" async></script></main>
<footer style="height:400px">Fußzeile des Anbieters</footer>`,
  )
}

/** A page of an unregistered origin that frames the portal directly, with and without widget mode. */
function framingPage(tenant: string) {
  return page(
    'Fremde Seite',
    `<h1>Fremde Seite</h1>
<iframe title="Portal im Widget-Modus" src="${ORIGIN}/${tenant}?widget=1" style="width:800px;height:400px"></iframe>
<iframe title="Portal ohne Widget-Modus" src="${ORIGIN}/${tenant}" style="width:800px;height:400px"></iframe>`,
  )
}

type Routes = (url: URL) => string | null

function serve(port: number, routes: Routes): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`)
    const html = routes(url)
    response.writeHead(html === null ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8' })
    response.end(html ?? 'nicht gefunden')
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

/**
 * Starts both host servers. `integrated` is the tenant whose embed page (MandantUrl + EmpfehlenPath)
 * is HOST_ORIGIN + /integriert.
 */
export async function startHosts(integrated: string): Promise<() => Promise<void>> {
  const tenantOf = (url: URL) => {
    const tenant = url.searchParams.get('tenant') ?? ''
    return SLUG.test(tenant) ? tenant : null
  }
  const host = await serve(HOST_PORT, (url) => {
    const tenant = tenantOf(url)
    if (url.pathname === '/einbetten' && tenant)
      return hostPage(tenant, {
        locale: url.searchParams.get('locale') === 'en' ? 'en' : 'de',
        thirdPartyFrame: url.searchParams.has('fremd'),
      })
    if (url.pathname === '/integriert') return hostPage(integrated)
    return null
  })
  const third = await serve(THIRD_PORT, (url) => {
    const tenant = tenantOf(url)
    if (url.pathname === '/fremd' && tenant) return framingPage(tenant)
    if (url.pathname === '/nachrichten') return page('Dritter', '<p>Dritter</p>')
    return null
  })
  const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))
  return async () => {
    await Promise.all([close(host), close(third)])
  }
}

/**
 * A page on the portal's own origin (served by Playwright's routing) that frames a portal address and
 * records every postMessage call made on it with its target origin: a frame of the same origin calls
 * this window's own postMessage, so even a call the browser would not deliver is seen.
 */
export function sameOriginParent(src: string) {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Gleicher Ursprung</title>
<script>
  window.__calls = []
  var post = window.postMessage.bind(window)
  window.postMessage = function (message, target) {
    window.__calls.push({ message: message, target: typeof target === 'string' ? target : target && target.targetOrigin })
    return post(message, target)
  }
</script></head><body><iframe title="Portal" src="${src}" style="width:900px;height:700px"></iframe></body></html>`
}
