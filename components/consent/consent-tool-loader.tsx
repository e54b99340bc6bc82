'use client'

import { useEffect } from 'react'
import { installConsentBridge } from '@/lib/portal/consent/bridge'
import { useWidgetMode } from '@/lib/portal/embed/use-widget-mode'
import { WIDGET_ATTRIBUTE } from '@/lib/portal/embed/widget-mode'

/**
 * A third-party consent tool (useInternalConsentManager off, ConsentTool.ScriptUrl set): the bridge
 * window.psoempfConsent is installed first, then the tenant's configured script is loaded once; its
 * decisions feed the same consent state (lib/portal/consent/bridge.ts). Not in widget mode: there the
 * host page owns consent, and the tool would put its own banner into the host's frame.
 */
export function ConsentToolLoader({ scriptUrl }: { scriptUrl: string }) {
  const widget = useWidgetMode()
  useEffect(() => {
    // Read from the document too: the first render (hydration) does not know the mark yet.
    if (widget || document.documentElement.hasAttribute(WIDGET_ATTRIBUTE)) return
    const uninstall = installConsentBridge(window)
    if (!document.querySelector('script[data-psoempf-consent-tool]')) {
      const script = document.createElement('script')
      script.src = scriptUrl
      script.async = true
      script.dataset.psoempfConsentTool = ''
      document.head.appendChild(script)
    }
    return uninstall
  }, [scriptUrl, widget])
  return null
}
