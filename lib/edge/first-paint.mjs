// @ts-check
import { WIDGET_MARK_SCRIPT } from './widget-mark.mjs'

/**
 * The portal's one inline script of its own, run in the head before the first paint. A fixed text: the
 * CSP wrapper (csp.mjs) allows exactly this text, never whatever else an inline script says.
 *
 * - The widget mark (widget-mark.mjs): the portal's frame never flashes inside a host page.
 * - The consent mark: cached pages carry the consent banner in their HTML for every visitor, so a first
 *   visitor sees it with the page's first paint rather than once the scripts have run (it is the largest
 *   text of a phone's first screen, and painting it late held back the largest paint). A visitor whose
 *   consent cookie already decides every category for this tenant gets the mark `data-consent-decided`
 *   on the document, which hides the banner before it is ever painted. The cookie is read as
 *   lib/portal/consent/consent-cookie.ts reads it (its name, version and categories; first-paint.test.ts
 *   holds the two equal); the tenant comes from the document's `data-tenant`.
 */
export const CONSENT_DECIDED_ATTRIBUTE = 'data-consent-decided'
export const TENANT_ATTRIBUTE = 'data-tenant'

/** What the mark reads of the consent cookie: its name, its version and the categories a visitor decides. */
export const CONSENT_MARK_COOKIE = {
  name: 'psoempf_consent',
  version: '1',
  decided: ['psoempf_fu', 'psoempf_an', 'psoempf_ma'],
}

const { name, version, decided } = CONSENT_MARK_COOKIE
const CONSENT_MARK_SCRIPT =
  `(function(){try{var d=document.documentElement,c=document.cookie.match(/(?:^|;\\s*)${name}=([^;]*)/);` +
  `if(c){var u=function(s){try{return decodeURIComponent(s)}catch(e){return s}},v=u(c[1]);` +
  `if(v.indexOf('=')<0)v=u(v);var p=new URLSearchParams(v);` +
  `if(p.get('v')==='${version}'&&p.get('m')===d.getAttribute('${TENANT_ATTRIBUTE}')&&` +
  `${JSON.stringify(decided).replace(/"/g, "'")}.every(function(k){var x=p.get(k);return x==='0'||x==='1'}))` +
  `d.setAttribute('${CONSENT_DECIDED_ATTRIBUTE}','')}}catch(e){}})()`

export const FIRST_PAINT_SCRIPT = `${WIDGET_MARK_SCRIPT};${CONSENT_MARK_SCRIPT}`
