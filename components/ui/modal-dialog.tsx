'use client'

import { useEffect, useRef, type ReactNode } from 'react'
import styles from './modal-dialog.module.css'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

type Props = {
  open: boolean
  /** Called on Escape and whenever the dialog closes without the parent asking for it. */
  onClose: () => void
  labelledBy: string
  describedBy?: string
  /** The element that gets the focus on opening (default: the first focusable one). */
  initialFocus?: () => HTMLElement | null
  children: ReactNode
}

/**
 * A modal dialog on the native <dialog> (showModal: the rest of the page is inert, Escape closes). The
 * focus moves in on opening, Tab and Shift+Tab stay inside, and on closing the focus returns to where
 * it was, or to the main content when that element is gone (a banner that closed with the decision).
 */
export function ModalDialog({ open, onClose, labelledBy, describedBy, initialFocus, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const returnTo = useRef<HTMLElement | null>(null)
  const onCloseRef = useRef(onClose)
  const initialFocusRef = useRef(initialFocus)
  useEffect(() => {
    onCloseRef.current = onClose
    initialFocusRef.current = initialFocus
  })

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      const active = document.activeElement
      // The body means the opener is already gone (the banner closes as the dialog opens).
      returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
      const target = initialFocusRef.current?.() ?? dialog.querySelector<HTMLElement>(FOCUSABLE)
      target?.focus()
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
      const back = returnTo.current
      returnTo.current = null
      if (back?.isConnected) back.focus()
      // Gone or hidden (focus() did nothing): on with the main content.
      if (!back || document.activeElement !== back)
        document.getElementById('main')?.focus({ preventScroll: true })
    }
  }, [open])

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault()
      onCloseRef.current()
      return
    }
    if (event.key !== 'Tab') return
    const focusable = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    const index = focusable.indexOf(document.activeElement as HTMLElement)
    if (event.shiftKey && index <= 0) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && index === focusable.length - 1) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-modal="true"
      onKeyDown={onKeyDown}
      // Escape through the browser (cancel) and any other close keep the parent's state in step.
      onCancel={(event) => {
        event.preventDefault()
        onCloseRef.current()
      }}
      onClose={() => {
        if (open) onCloseRef.current()
      }}
    >
      {open && <div className={styles.body}>{children}</div>}
    </dialog>
  )
}

/** The head of a modal dialog: its title (the dialog's label) and a close button. */
export function ModalHeader({
  titleId,
  title,
  closeLabel,
  onClose,
  focusableTitle = false,
}: {
  titleId: string
  title: ReactNode
  closeLabel: string
  onClose: () => void
  /** The title can take the focus (a dialog that opens with its title focused). */
  focusableTitle?: boolean
}) {
  return (
    <div className={styles.head}>
      <h2 id={titleId} className={styles.title} tabIndex={focusableTitle ? -1 : undefined}>
        {title}
      </h2>
      <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}
