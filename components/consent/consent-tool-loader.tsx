'use client'

import { useEffect } from 'react'
import { installConsentBridge } from '@/lib/portal/consent/bridge'

/**
 * A third-party consent tool (useInternalConsentManager off, ConsentTool.ScriptUrl set): the bridge
 * window.psoempfConsent is installed first, then the tenant's configured script is loaded once; its
 * decisions feed the same consent state (lib/portal/consent/bridge.ts).
 */
export function ConsentToolLoader({ scriptUrl }: { scriptUrl: string }) {
  useEffect(() => {
    const uninstall = installConsentBridge(window)
    if (!document.querySelector('script[data-psoempf-consent-tool]')) {
      const script = document.createElement('script')
      script.src = scriptUrl
      script.async = true
      script.dataset.psoempfConsentTool = ''
      document.head.appendChild(script)
    }
    return uninstall
  }, [scriptUrl])
  return null
}
