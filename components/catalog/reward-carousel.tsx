'use client'

import { useId, useState, type KeyboardEvent } from 'react'
import { useTranslations } from 'next-intl'

/** One reward of the carousel; the server words and formats it (amount, validity, categories). */
export type RewardSlide = {
  id: number
  /** The reward's picture (GET /praemie/{id}/grafik100). */
  image: string
  /** The amount as a heading, e.g. "70 € Prämie". */
  title: string
  lines: string[]
}

type Props = { slides: RewardSlide[]; headingLevel?: 'h2' | 'h3' }

/**
 * The reward carousel (SPEC §2.2): the rewards active today, one at a time, after the WAI-ARIA
 * carousel pattern. It never turns by itself, so it needs no pause control (WCAG 2.2.2), and the
 * slides' live region announces the reward a button brings up; focus stays on the button. Previous
 * and next wrap around; the arrow keys do the same while a button has focus. Without JavaScript the
 * first reward shows.
 */
export function RewardCarousel({ slides, headingLevel = 'h3' }: Props) {
  const t = useTranslations('RewardOverview')
  const slidesId = useId()
  const [index, setIndex] = useState(0)
  const total = slides.length
  if (total === 0) return null
  const current = Math.min(index, total - 1)
  const go = (step: number) => setIndex((current + step + total) % total)
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault()
      go(event.key === 'ArrowLeft' ? -1 : 1)
    }
  }
  const Heading = headingLevel
  return (
    <section className="reward-carousel" aria-roledescription="carousel" aria-label={t('carouselLabel')}>
      {total > 1 && (
        <div className="reward-carousel__controls" onKeyDown={onKeyDown}>
          <button
            type="button"
            className="reward-carousel__button"
            aria-controls={slidesId}
            aria-label={t('previous')}
            onClick={() => go(-1)}
          >
            <Arrow direction="previous" />
          </button>
          {/* The position for sighted users; screen readers hear it as the slide's name. */}
          <span className="reward-carousel__position" aria-hidden="true">
            {t('slideLabel', { number: current + 1, total })}
          </span>
          <button
            type="button"
            className="reward-carousel__button"
            aria-controls={slidesId}
            aria-label={t('next')}
            onClick={() => go(1)}
          >
            <Arrow direction="next" />
          </button>
        </div>
      )}
      <div id={slidesId} className="reward-carousel__slides" aria-live="polite">
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className="reward-carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('slideLabel', { number: i + 1, total })}
            hidden={i !== current}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- generated SVG of the main API */}
            <img src={slide.image} alt="" width={640} height={320} loading={i === 0 ? 'eager' : 'lazy'} />
            <div className="reward-carousel__text">
              <Heading>{slide.title}</Heading>
              {slide.lines.map((line, j) => (
                <p key={j}>{line}</p>
              ))}
            </div>
          </div>
        ))}
      </div>
    </section>
  )
}

function Arrow({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
      <path
        d={direction === 'previous' ? 'M12.5 4 6.5 10l6 6' : 'M7.5 4l6 6-6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
