'use client'

import { useState } from 'react'
import { useTranslations } from 'next-intl'
import { ModalDialog, ModalHeader } from '@/components/ui/modal-dialog'
import {
  CONSENT_CATEGORIES,
  allGiven,
  type ConsentCategoryId,
  type ConsentDecision,
  type ConsentState,
} from '@/lib/portal/consent/categories'
import styles from './consent.module.css'

type Props = {
  open: boolean
  state: ConsentState | null
  onSave: (decision: ConsentDecision) => void
  onClose: () => void
}

/** The categories dialog (SPEC §2.2): one switch per category, the required one always on. */
export function ConsentDialog({ open, state, onSave, onClose }: Props) {
  const t = useTranslations('Consent')
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      labelledBy="consent-dialog-title"
      describedBy="consent-dialog-intro"
      initialFocus={() => document.getElementById('consent-dialog-title')}
    >
      {/* Mounted per opening, so the switches start from the stored choice each time. */}
      {open && <ConsentForm state={state} onSave={onSave} onClose={onClose} closeLabel={t('close')} />}
    </ModalDialog>
  )
}

function ConsentForm({
  state,
  onSave,
  onClose,
  closeLabel,
}: Pick<Props, 'state' | 'onSave' | 'onClose'> & { closeLabel: string }) {
  const t = useTranslations('Consent')
  const [checked, setChecked] = useState<Record<ConsentCategoryId, boolean>>(
    () =>
      Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c.id, c.required || state?.[c.id] === 1])) as Record<
        ConsentCategoryId,
        boolean
      >,
  )

  function save(event: React.FormEvent) {
    event.preventDefault()
    onSave(
      Object.fromEntries(
        CONSENT_CATEGORIES.map((c) => [c.id, c.required || checked[c.id] ? 1 : 0]),
      ) as ConsentDecision,
    )
  }

  return (
    <form onSubmit={save}>
      <ModalHeader
        titleId="consent-dialog-title"
        title={t('dialogTitle')}
        closeLabel={closeLabel}
        onClose={onClose}
        focusableTitle
      />
      <p id="consent-dialog-intro" className={styles.intro}>
        {t('dialogIntro')}
      </p>
      <ul className={styles.categories}>
        {CONSENT_CATEGORIES.map((category) => {
          const id = `consent-switch-${category.id}`
          return (
            <li key={category.id} className={styles.category}>
              <div className={styles.categoryHead}>
                <label htmlFor={id} className={styles.categoryName}>
                  {t(`categories.${category.key}.name`)}
                </label>
                <span className={styles.switchWrap}>
                  {category.required && (
                    <span className={styles.alwaysOn} aria-hidden="true">
                      {t('alwaysOn')}
                    </span>
                  )}
                  <input
                    id={id}
                    type="checkbox"
                    role="switch"
                    className={styles.switch}
                    checked={checked[category.id]}
                    disabled={category.required}
                    aria-describedby={`${id}-description`}
                    onChange={(event) => {
                      const value = event.currentTarget.checked
                      setChecked((current) => ({ ...current, [category.id]: value }))
                    }}
                  />
                </span>
              </div>
              <p id={`${id}-description`} className={styles.categoryDescription}>
                {t(`categories.${category.key}.description`)}
                {category.required && <span className="visually-hidden"> ({t('alwaysOn')})</span>}
              </p>
            </li>
          )
        })}
      </ul>
      <div className={styles.dialogActions}>
        <button type="submit" className="button button--secondary">
          {t('save')}
        </button>
        <button type="button" className="button" onClick={() => onSave(allGiven())}>
          {t('acceptAll')}
        </button>
      </div>
    </form>
  )
}
