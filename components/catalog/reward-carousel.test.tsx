import { fireEvent, render, screen, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import { RewardCarousel, type RewardSlide } from './reward-carousel'

const slides: RewardSlide[] = [
  {
    id: 12591,
    image: '/api/v1/demo/praemie/12591/grafik100',
    title: '110 € Prämie',
    lines: ['Gültig bis 30.06.2026.', 'Gilt für Sport-Streaming.'],
  },
  {
    id: 19981,
    image: '/api/v1/demo/praemie/19981/grafik100',
    title: '90 € Prämie',
    lines: ['Gültig bis 30.06.2026.', 'Gilt für Glasfaser und Company Pro.'],
  },
  {
    id: 4621,
    image: '/api/v1/demo/praemie/4621/grafik100',
    title: '70 € Prämie',
    lines: ['Gültig ohne Enddatum.', 'Gilt für Internet & Telefon.'],
  },
]

function renderCarousel(list: RewardSlide[], locale: 'de' | 'en' = 'de') {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'de' ? de : en} timeZone="Europe/Berlin">
      <RewardCarousel slides={list} />
    </NextIntlClientProvider>,
  )
}

/** The slide on show: the one group that is not hidden. */
const shownSlide = () => screen.getByRole('group')

describe('RewardCarousel', () => {
  it('is a labelled carousel whose slides are named "n von m", one shown at a time', () => {
    renderCarousel(slides)
    const carousel = screen.getByRole('region', { name: 'Aktuelle Prämien' })
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel')
    const all = within(carousel).getAllByRole('group', { hidden: true })
    expect(all.map((s) => s.getAttribute('aria-label'))).toEqual(['1 von 3', '2 von 3', '3 von 3'])
    for (const slide of all) expect(slide).toHaveAttribute('aria-roledescription', 'slide')
    expect(shownSlide()).toHaveAccessibleName('1 von 3')
    expect(within(shownSlide()).getByRole('heading', { level: 3 })).toHaveTextContent('110 € Prämie')
    expect(within(shownSlide()).getByText('Gilt für Sport-Streaming.')).toBeVisible()
    // The picture repeats the heading's amount: decorative for screen readers.
    expect(shownSlide().querySelector('img')).toHaveAttribute('alt', '')
    expect(shownSlide().querySelector('img')).toHaveAttribute('src', '/api/v1/demo/praemie/12591/grafik100')
    // The slides announce a change politely; the buttons say what they control.
    const region = carousel.querySelector('[aria-live]')!
    expect(region).toHaveAttribute('aria-live', 'polite')
    for (const button of within(carousel).getAllByRole('button'))
      expect(button).toHaveAttribute('aria-controls', region.id)
  })

  it('turns with the buttons, wrapping around at both ends', () => {
    renderCarousel(slides)
    const next = screen.getByRole('button', { name: 'Nächste Prämie' })
    const previous = screen.getByRole('button', { name: 'Vorherige Prämie' })
    fireEvent.click(next)
    expect(shownSlide()).toHaveAccessibleName('2 von 3')
    expect(within(shownSlide()).getByRole('heading')).toHaveTextContent('90 € Prämie')
    expect(screen.getByText('2 von 3', { selector: '.reward-carousel__position' })).toBeInTheDocument()
    fireEvent.click(next)
    fireEvent.click(next)
    expect(shownSlide()).toHaveAccessibleName('1 von 3')
    fireEvent.click(previous)
    expect(shownSlide()).toHaveAccessibleName('3 von 3')
    expect(within(shownSlide()).getByRole('heading')).toHaveTextContent('70 € Prämie')
  })

  it('turns with the arrow keys while a button has focus, and never by itself', () => {
    jest.useFakeTimers()
    try {
      renderCarousel(slides)
      const next = screen.getByRole('button', { name: 'Nächste Prämie' })
      next.focus()
      fireEvent.keyDown(next, { key: 'ArrowRight' })
      expect(shownSlide()).toHaveAccessibleName('2 von 3')
      fireEvent.keyDown(next, { key: 'ArrowLeft' })
      fireEvent.keyDown(next, { key: 'ArrowLeft' })
      expect(shownSlide()).toHaveAccessibleName('3 von 3')
      fireEvent.keyDown(next, { key: 'Enter' })
      expect(shownSlide()).toHaveAccessibleName('3 von 3')
      expect(next).toHaveFocus()
      jest.advanceTimersByTime(60_000)
      expect(shownSlide()).toHaveAccessibleName('3 von 3')
    } finally {
      jest.useRealTimers()
    }
  })

  it('speaks English', () => {
    renderCarousel(slides, 'en')
    expect(screen.getByRole('region', { name: 'Current rewards' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Next reward' }))
    expect(shownSlide()).toHaveAccessibleName('2 of 3')
    expect(screen.getByRole('button', { name: 'Previous reward' })).toBeInTheDocument()
  })

  it('shows a single reward without buttons, and nothing without rewards', () => {
    const { unmount } = renderCarousel(slides.slice(0, 1))
    expect(shownSlide()).toHaveAccessibleName('1 von 1')
    expect(screen.queryByRole('button')).toBeNull()
    unmount()
    const { container } = renderCarousel([])
    expect(container).toBeEmptyDOMElement()
  })
})
