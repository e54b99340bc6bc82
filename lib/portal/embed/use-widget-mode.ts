'use client'

import { useSyncExternalStore } from 'react'
import { WIDGET_ATTRIBUTE } from './widget-mode'

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
