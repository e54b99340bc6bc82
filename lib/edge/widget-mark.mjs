// @ts-check

/**
 * The portal's one inline script of its own: it marks the document as a widget (?widget=…) before the
 * first paint, so the portal's frame (header, footer, consent banner) never flashes inside a host page
 * (lib/portal/embed/widget-mode.ts). A fixed text: the CSP wrapper (csp.mjs) allows exactly this text,
 * never whatever else an inline script says.
 */
export const WIDGET_ATTRIBUTE = 'data-widget'
export const WIDGET_MARK_SCRIPT = `if(new URLSearchParams(location.search).has('widget'))document.documentElement.setAttribute('${WIDGET_ATTRIBUTE}','')`
