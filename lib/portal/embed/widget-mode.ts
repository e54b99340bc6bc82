import { useSyncExternalStore } from 'react'

/**
 * Widget mode (SPEC §1, §2.4: the query parameter `widget`, carried across navigations) drops the
 * portal's own frame: header, footer and consent banner; the host page owns those. Cached pages are
 * the same for every query, so it is decided in the browser: an inline script in the layout's head
 * marks the document before the first paint (no flash of the frame), WidgetKeeper keeps the mark in
 * step on client navigations, and CSS and the consent parts read it.
 */
export const WIDGET_ATTRIBUTE = 'data-widget'

/** Runs before the first paint; the production server allows it by its hash (lib/edge/csp.mjs). */
export const WIDGET_MARK_SCRIPT = `if(new URLSearchParams(location.search).has('widget'))document.documentElement.setAttribute('${WIDGET_ATTRIBUTE}','')`

export function setWidgetMark(on: boolean) {
  document.documentElement.toggleAttribute(WIDGET_ATTRIBUTE, on)
}

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [WIDGET_ATTRIBUTE] })
  return () => observer.disconnect()
}

/** Whether the page runs as a widget; false on the server and during hydration. */
export function useWidgetMode(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.hasAttribute(WIDGET_ATTRIBUTE),
    () => false,
  )
}
