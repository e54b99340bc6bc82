'use client'

import { useEffect, useRef, type ReactNode } from 'react'

/**
 * The success notice a form's redirect leads to (e.g. "?bankdaten=gespeichert"): it takes the focus when
 * it appears, so a screen reader reads it and the keyboard continues from there. Give it a `key` that
 * changes with each result, so a second save focuses it again.
 */
export function FocusedNotice({ id, children }: { id?: string; children: ReactNode }) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return (
    <p ref={ref} id={id} className="alert alert--success" role="status" tabIndex={-1}>
      {children}
    </p>
  )
}
