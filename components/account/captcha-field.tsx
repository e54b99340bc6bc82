'use client'

import { useState, useTransition } from 'react'
import { useTranslations } from 'next-intl'
import type { CaptchaPicture } from '@/lib/portal/form-state'

type Challenge = CaptchaPicture

type Props = {
  challenge: Challenge
  reload: (tenant: string) => Promise<Challenge | null>
  tenant: string
}

/**
 * The captcha step (SPEC §5): the user types the characters of the picture. The challenge id travels
 * with the form; a new picture can be loaded at any time.
 */
export function CaptchaField({ challenge, reload, tenant }: Props) {
  const t = useTranslations('Captcha')
  const [current, setCurrent] = useState(challenge)
  const [failed, setFailed] = useState(false)
  const [pending, startTransition] = useTransition()
  // A new challenge from the server (after a wrong answer) replaces the one shown.
  const [seen, setSeen] = useState(challenge.CaptchaId)
  if (seen !== challenge.CaptchaId) {
    setSeen(challenge.CaptchaId)
    setCurrent(challenge)
  }
  return (
    <fieldset className="captcha">
      <legend>{t('title')}</legend>
      <p id="captcha-hint">{t('hint')}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL, nothing to optimise */}
      <img src={current.Bild} alt={t('imageAlt')} width={200} height={70} />
      <input type="hidden" name="CaptchaId" value={current.CaptchaId} />
      <div className="field">
        <label htmlFor="captcha-answer">{t('label')}</label>
        <input
          id="captcha-answer"
          name="CaptchaLoesung"
          key={current.CaptchaId}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          required
          aria-describedby="captcha-hint"
        />
      </div>
      {failed && (
        <p className="field__error" role="alert">
          {t('loadFailed')}
        </p>
      )}
      <div>
        <button
          type="button"
          className="button button--secondary"
          disabled={pending}
          onClick={() =>
            startTransition(async () => {
              const next = await reload(tenant).catch(() => null)
              setFailed(!next)
              if (next) setCurrent(next)
            })
          }
        >
          {t('reload')}
        </button>
      </div>
    </fieldset>
  )
}
