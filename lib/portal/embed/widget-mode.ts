/**
 * Widget mode (SPEC §1, §2.4: the query parameter `widget`, carried across navigations) drops the
 * portal's own frame: header, footer and consent banner; the host page owns those. Cached pages are
 * the same for every query, so it is decided in the browser: an inline script in the layout's head
 * marks the document before the first paint (no flash of the frame), WidgetKeeper keeps the mark in
 * step on client navigations, and CSS and the consent parts (use-widget-mode.ts) read it.
 */
export { WIDGET_ATTRIBUTE } from '@/lib/edge/widget-mark.mjs'
import { WIDGET_ATTRIBUTE } from '@/lib/edge/widget-mark.mjs'

export function setWidgetMark(on: boolean) {
  document.documentElement.toggleAttribute(WIDGET_ATTRIBUTE, on)
}
