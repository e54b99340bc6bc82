'use client'

import { useEffect } from 'react'

/**
 * In-page links (skip link, footnote markers, a call to action on the same page) scroll to their target
 * in the tenant's time (SPEC §9: 300 ms; tenant setting Limits.SmoothScrollMs, 0 = jump), eased, and move
 * the keyboard focus there. With reduced motion asked for, or no target, the browser's own jump stays.
 */
export function SmoothScroll({ durationMs }: { durationMs: number }) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target) return
      const url = new URL(anchor.href, window.location.href)
      const here = window.location
      if (
        !url.hash ||
        url.origin !== here.origin ||
        url.pathname !== here.pathname ||
        url.search !== here.search
      )
        return
      const target = document.getElementById(decodeURIComponent(url.hash.slice(1)))
      if (!target) return
      event.preventDefault()
      window.history.pushState(window.history.state, '', url.hash)
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
      scrollTo(targetTop(target), reduced ? 0 : durationMs)
      if (!target.matches('a[href], button, input, select, textarea, [tabindex]'))
        target.setAttribute('tabindex', '-1')
      target.focus({ preventScroll: true })
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [durationMs])
  return null
}

/** Where the page must stand for the target to be at the top, less its scroll-margin-top. */
function targetTop(target: HTMLElement): number {
  const margin = Number.parseFloat(window.getComputedStyle(target).scrollMarginTop) || 0
  return Math.max(0, target.getBoundingClientRect().top + window.scrollY - margin)
}

/** Scrolls to `top` within `durationMs` (0: at once); a new scroll replaces one under way. */
function scrollTo(top: number, durationMs: number) {
  const from = window.scrollY
  const start = performance.now()
  const step = (now: number) => {
    const elapsed = now - start
    window.scrollTo({ top: scrollPosition(from, top, elapsed, durationMs), behavior: 'instant' })
    if (elapsed < durationMs) window.requestAnimationFrame(step)
  }
  if (durationMs <= 0) window.scrollTo({ top, behavior: 'instant' })
  else window.requestAnimationFrame(step)
}

/** The position `elapsed` ms into a scroll from `from` to `to` lasting `durationMs` (ease in and out). */
export function scrollPosition(from: number, to: number, elapsed: number, durationMs: number): number {
  if (durationMs <= 0 || elapsed >= durationMs) return to
  const t = Math.max(0, elapsed) / durationMs
  const eased = t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2
  return Math.round(from + (to - from) * eased)
}
