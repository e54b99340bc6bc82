import { fireEvent, render, screen } from '@testing-library/react'
import { act } from 'react'
import { scrollPosition, SmoothScroll } from './smooth-scroll'

// Limits.SmoothScrollMs (SPEC §9: smooth scroll 300 ms): in-page links scroll in the tenant's time.

function page(durationMs: number) {
  render(
    <>
      <SmoothScroll durationMs={durationMs} />
      <a href="#ziel">Zum Ziel</a>
      <section id="ziel">Ziel</section>
    </>,
  )
  const target = document.getElementById('ziel')!
  target.getBoundingClientRect = () => ({ top: 1000 }) as DOMRect
  return target
}

let scrolled: number[]
beforeEach(() => {
  jest.useFakeTimers()
  scrolled = []
  window.scrollTo = jest.fn((options: ScrollToOptions) => {
    scrolled.push(options.top ?? 0)
  }) as never
})
afterEach(() => jest.useRealTimers())

describe('SmoothScroll', () => {
  it('eases from start to target within the time', () => {
    expect(scrollPosition(0, 1000, 0, 300)).toBe(0)
    expect(scrollPosition(0, 1000, 150, 300)).toBe(500)
    expect(scrollPosition(0, 1000, 300, 300)).toBe(1000)
    expect(scrollPosition(200, 0, 600, 300)).toBe(0)
    expect(scrollPosition(0, 1000, 10, 0)).toBe(1000)
  })

  it('scrolls over 300 ms in steps and focuses the target', () => {
    const target = page(300)
    fireEvent.click(screen.getByRole('link', { name: 'Zum Ziel' }))
    act(() => {
      jest.advanceTimersByTime(150)
    })
    expect(scrolled.length).toBeGreaterThan(1)
    expect(scrolled.at(-1)!).toBeGreaterThan(0)
    expect(scrolled.at(-1)!).toBeLessThan(1000)
    act(() => {
      jest.advanceTimersByTime(300)
    })
    expect(scrolled.at(-1)).toBe(1000)
    expect(document.activeElement).toBe(target)
    expect(window.location.hash).toBe('#ziel')
  })

  it('jumps at once with 0 ms', () => {
    page(0)
    fireEvent.click(screen.getByRole('link', { name: 'Zum Ziel' }))
    expect(scrolled).toEqual([1000])
  })

  it('leaves links to other pages to the browser', () => {
    render(
      <>
        <SmoothScroll durationMs={300} />
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link, as the listener sees every link */}
        <a href="/andere-seite#ziel">Andere Seite</a>
      </>,
    )
    const event = new MouseEvent('click', { bubbles: true, cancelable: true })
    screen.getByRole('link', { name: 'Andere Seite' }).dispatchEvent(event)
    expect(event.defaultPrevented).toBe(false)
    expect(scrolled).toEqual([])
  })
})
