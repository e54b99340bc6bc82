/*
 * Embed script of the referral portal (README, "Embedding the portal"). A host page includes
 *
 *   <div data-empfehlungsportal></div>
 *   <script src="https://PORTAL/embed.js" data-tenant="demo" data-locale="de" async></script>
 *
 * and gets the portal of the tenant in an iframe (widget mode, /{tenant}[/en]{route}?widget=1). The
 * frame takes the height the portal reports, the host scrolls when the portal asks, and the portal's
 * route is kept in the host page's hash (#/empfehlen/462), so a reload or a shared address opens the
 * same portal page. Messages are taken only from the portal's origin (the origin of this script) and
 * only in the protocol's shape (lib/portal/embed/messages.ts); messages to the frame name that origin.
 * Optional attributes: data-route (first route without a hash, default "/"), data-title (the frame's
 * title), data-container (a CSS selector instead of [data-empfehlungsportal]).
 */
;(function () {
  'use strict'
  var script = document.currentScript
  if (!script || !script.src) return
  var portalOrigin = new URL(script.src).origin
  var tenant = script.getAttribute('data-tenant') || ''
  if (tenant && !/^[a-z][a-z0-9-]{1,39}$/.test(tenant)) return
  var locale = script.getAttribute('data-locale') === 'en' ? 'en' : 'de'
  // Portal paths start after the tenant and keep the locale: "/login", "/en/login".
  var tenantPrefix = tenant ? '/' + tenant : ''
  var localePrefix = locale === 'en' ? '/en' : ''
  var UNSAFE = /[\u0000-\u0020\u007f\\#]/
  var MAX_PIXELS = 100000

  function isPortalPath(value) {
    return (
      typeof value === 'string' &&
      value.length <= 2000 &&
      value.charAt(0) === '/' &&
      value.charAt(1) !== '/' &&
      !UNSAFE.test(value)
    )
  }

  function isFragment(value) {
    return (
      typeof value === 'string' &&
      (value === '' ||
        (value.length > 1 &&
          value.length <= 200 &&
          value.charAt(0) === '#' &&
          !/[\u0000-\u0020\u007f]/.test(value)))
    )
  }

  function isPixels(value) {
    return typeof value === 'number' && isFinite(value) && value >= 0 && value <= MAX_PIXELS
  }

  function hasExactly(data, keys) {
    var own = Object.keys(data)
    if (own.length !== keys.length) return false
    for (var i = 0; i < own.length; i++) if (keys.indexOf(own[i]) < 0) return false
    return true
  }

  /** A portal message of exactly the protocol's shape, or null. */
  function parse(data) {
    if (!data || typeof data !== 'object' || Array.isArray(data)) return null
    if (data.type === 'psoempf:route' && hasExactly(data, ['type', 'path', 'hash']))
      return isPortalPath(data.path) && isFragment(data.hash) ? data : null
    if (data.type === 'psoempf:height' && hasExactly(data, ['type', 'height']))
      return isPixels(data.height) ? data : null
    if (data.type === 'psoempf:scroll' && hasExactly(data, ['type', 'top']))
      return isPixels(data.top) ? data : null
    return null
  }

  var defaultRoute = script.getAttribute('data-route') || '/'
  if (!isPortalPath(defaultRoute)) defaultRoute = '/'
  var defaultPath = localePrefix + (defaultRoute === '/' && localePrefix ? '' : defaultRoute)

  /** The portal route in the host's hash ("#/login", "#/empfehlen/462#empfehlen-form"), or null. */
  function routeOfHash() {
    var raw = window.location.hash
    if (raw.slice(0, 2) !== '#/') return null
    // As the browser keeps it: percent-encoded, the way the portal reported it.
    var value = raw.slice(1)
    var cut = value.indexOf('#')
    var path = cut < 0 ? value : value.slice(0, cut)
    var hash = cut < 0 ? '' : value.slice(cut)
    return isPortalPath(path) && isFragment(hash) ? { path: path, hash: hash } : null
  }

  /** The frame's address of a portal route: on the portal's origin, under the tenant, in widget mode. */
  function frameUrl(route) {
    var url = new URL(tenantPrefix + (route.path === '/' && tenantPrefix ? '' : route.path), portalOrigin)
    var inside =
      !tenantPrefix || url.pathname === tenantPrefix || url.pathname.indexOf(tenantPrefix + '/') === 0
    if (url.origin !== portalOrigin || !inside) url = new URL(tenantPrefix + defaultPath, portalOrigin)
    url.searchParams.set('widget', '1')
    url.hash = route.hash
    return url.href
  }

  function mount(container) {
    if (container.getAttribute('data-empfehlungsportal-mounted') !== null) return
    container.setAttribute('data-empfehlungsportal-mounted', '')
    var frame = document.createElement('iframe')
    frame.src = frameUrl(routeOfHash() || { path: defaultPath, hash: '' })
    frame.title =
      script.getAttribute('data-title') || (locale === 'en' ? 'Referral portal' : 'Empfehlungsportal')
    frame.setAttribute('scrolling', 'no')
    frame.style.cssText = 'display:block;width:100%;height:600px;border:0;overflow:hidden'

    function post(message) {
      if (frame.contentWindow) frame.contentWindow.postMessage(message, portalOrigin)
    }

    // Every (re)load of the frame: the portal learns who its parent is and reports route and height.
    frame.addEventListener('load', function () {
      post({ type: 'psoempf:hello' })
    })

    var current = null
    window.addEventListener('message', function (event) {
      if (event.origin !== portalOrigin || event.source !== frame.contentWindow) return
      var message = parse(event.data)
      if (!message) return
      if (message.type === 'psoempf:height') {
        frame.style.height = Math.ceil(message.height) + 'px'
      } else if (message.type === 'psoempf:scroll') {
        var frameTop = frame.getBoundingClientRect().top
        // To the top of the portal only when it is out of sight; to an element always.
        if (message.top === 0 && frameTop >= 0 && frameTop < window.innerHeight) return
        var reduced = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches
        window.scrollTo({
          top: frameTop + window.pageYOffset + message.top,
          behavior: reduced ? 'auto' : 'smooth',
        })
      } else {
        current = message.path + message.hash
        // replaceState: the frame's own navigations are already in the tab's history.
        var base = window.location.pathname + window.location.search
        var atDefault = message.path === defaultPath && !message.hash
        if (atDefault && !routeOfHash()) return
        history.replaceState(history.state, '', atDefault ? base : base + '#' + current)
      }
    })

    // The host's own hash changed (a link on the host page, the address bar): the portal follows.
    window.addEventListener('hashchange', function () {
      var route = routeOfHash()
      if (route && route.path + route.hash !== current) post({ type: 'psoempf:navigate', path: route.path })
    })

    container.appendChild(frame)
  }

  function start() {
    var selector = script.getAttribute('data-container') || '[data-empfehlungsportal]'
    var container = document.querySelector(selector)
    if (container) mount(container)
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
  else start()
})()
