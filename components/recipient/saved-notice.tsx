'use client'

import { useEffect, useRef, type ReactNode } from 'react'
import styles from './friend-path.module.css'

/**
 * The success message after the friend saved his data, brought into view: the long form it replaces
 * leaves the page scrolled to the footer, so the message scrolls to the top of the screen and takes the
 * focus (a screen reader reads it, the keyboard goes on from there).
 */
export function SavedNotice({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const box = element.getBoundingClientRect()
    const inView = box.top >= 0 && box.top < window.innerHeight * 0.6
    if (!inView) element.scrollIntoView({ block: 'start' })
    if (!inView || document.activeElement === document.body) element.focus({ preventScroll: true })
  }, [])
  return (
    <div ref={ref} tabIndex={-1} className={styles.status} id="gespeichert">
      {children}
    </div>
  )
}
