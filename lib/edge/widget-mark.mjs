// @ts-check

/**
 * The widget mark, part of the portal's first-paint script (first-paint.mjs): it marks the document as a
 * widget (?widget=…) before the first paint, so the portal's frame (header, footer, consent banner)
 * never flashes inside a host page (lib/portal/embed/widget-mode.ts).
 */
export const WIDGET_ATTRIBUTE = 'data-widget'
export const WIDGET_MARK_SCRIPT = `if(new URLSearchParams(location.search).has('widget'))document.documentElement.setAttribute('${WIDGET_ATTRIBUTE}','')`
