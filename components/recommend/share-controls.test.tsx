import { act, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import { followDeepLink } from '@/lib/shared/share/deep-link'
import { InstagramStory, PrintCard, ShareLink } from './share-controls'

// jsdom cannot open an app's address: the deep link is observed where the component hands it over.
jest.mock('@/lib/shared/share/deep-link', () => ({ followDeepLink: jest.fn() }))

const LINK = 'https://empfehlen.lumenta.example/empfehlung/7K3M9QXR2T'
const SHEET = {
  title: 'Meine Empfehlung für dich: Lumenta Zuhause M von Lumenta Telekom',
  text: 'Hallo! Ich bin Kunde bei Lumenta Telekom und kann Lumenta Zuhause M wirklich empfehlen. Schau es dir hier an',
  url: `${LINK}?channel=share`,
}
const APP_MISSING =
  'Die App ist auf diesem Gerät offenbar nicht installiert. Laden Sie das Bild herunter und teilen Sie es direkt in der App.'

function renderDe(ui: ReactNode) {
  return render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      {ui}
    </NextIntlClientProvider>,
  )
}

/** Gives navigator a property jsdom does not have (clipboard, share) for one test. */
function stubNavigator(name: 'clipboard' | 'share', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true, writable: true })
}

/** Clicks ShareLink's copy button on a clipboard that writes with `writeText`; answers the status after the try. */
async function copyLinkWith(writeText: jest.Mock<Promise<void>, [string]>) {
  stubNavigator('clipboard', { writeText })
  renderDe(<ShareLink link={LINK} share={SHEET} />)
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Link kopieren' }))
  })
  expect(writeText).toHaveBeenCalledWith(LINK)
  return screen.getByRole('status')
}

afterEach(() => {
  // Back to jsdom's navigator without clipboard and share.
  delete (navigator as unknown as Record<string, unknown>).clipboard
  delete (navigator as unknown as Record<string, unknown>).share
  jest.restoreAllMocks()
  jest.useRealTimers()
})

describe('ShareLink: copying', () => {
  it('shows the link read-only with a label and an empty status', () => {
    renderDe(<ShareLink link={LINK} share={SHEET} />)
    const field = screen.getByLabelText('Ihr persönlicher Empfehlungslink')
    expect(field).toHaveValue(LINK)
    expect(field).toHaveAttribute('readonly')
    expect(screen.getByRole('status')).toHaveTextContent('')
  })

  it('writes the link to the clipboard and announces it', async () => {
    const writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined)
    const status = await copyLinkWith(writeText)
    expect(status).toHaveTextContent('Link kopiert!')
    expect(status).not.toHaveClass('field__error')
  })

  it('announces the failure and selects the link when the clipboard refuses', async () => {
    const writeText = jest
      .fn<Promise<void>, [string]>()
      .mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'))
    const status = await copyLinkWith(writeText)
    expect(status).toHaveTextContent(
      'Der Link konnte nicht kopiert werden. Bitte markieren und kopieren Sie ihn selbst.',
    )
    expect(status).toHaveClass('field__error')
    const field = screen.getByLabelText<HTMLInputElement>('Ihr persönlicher Empfehlungslink')
    expect(field.selectionStart).toBe(0)
    expect(field.selectionEnd).toBe(LINK.length)
  })

  it('announces the failure where the browser has no clipboard at all', async () => {
    renderDe(<ShareLink link={LINK} share={SHEET} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Link kopieren' }))
    })
    expect(screen.getByRole('status')).toHaveTextContent(
      'Der Link konnte nicht kopiert werden. Bitte markieren und kopieren Sie ihn selbst.',
    )
  })

  it('replaces a failure by the success on the next try', async () => {
    const writeText = jest
      .fn<Promise<void>, [string]>()
      .mockRejectedValueOnce(new Error('denied'))
      .mockResolvedValueOnce(undefined)
    stubNavigator('clipboard', { writeText })
    renderDe(<ShareLink link={LINK} share={SHEET} />)
    const button = screen.getByRole('button', { name: 'Link kopieren' })
    await act(async () => {
      fireEvent.click(button)
    })
    expect(screen.getByRole('status')).toHaveTextContent(/^Der Link konnte nicht kopiert werden\./)
    await act(async () => {
      fireEvent.click(button)
    })
    expect(screen.getByRole('status')).toHaveTextContent('Link kopiert!')
    expect(screen.getAllByRole('status')).toHaveLength(1)
  })
})

describe('ShareLink: the share sheet (Web Share API)', () => {
  it('offers no share button without navigator.share: copying is the large first action', () => {
    expect('share' in navigator).toBe(false)
    renderDe(<ShareLink link={LINK} share={SHEET} />)
    expect(screen.queryByRole('button', { name: 'Link teilen' })).not.toBeInTheDocument()
    const buttons = screen.getAllByRole('button')
    expect(buttons).toHaveLength(1)
    expect(buttons[0]).toHaveAccessibleName('Link kopieren')
    expect(buttons[0]).not.toHaveClass('button--secondary')
  })

  it('shows "Link teilen" as the large first action where navigator.share exists, copying second', () => {
    stubNavigator('share', jest.fn())
    renderDe(<ShareLink link={LINK} share={SHEET} />)
    const share = screen.getByRole('button', { name: 'Link teilen' })
    expect(share).not.toHaveClass('button--secondary')
    expect(screen.getByRole('button', { name: 'Link kopieren' })).toHaveClass('button--secondary')
  })

  it('opens the share sheet with title, text and the link', async () => {
    const share = jest.fn<Promise<void>, [ShareData]>().mockResolvedValue(undefined)
    stubNavigator('share', share)
    renderDe(<ShareLink link={LINK} share={SHEET} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Link teilen' }))
    })
    expect(share).toHaveBeenCalledTimes(1)
    expect(share).toHaveBeenCalledWith(SHEET)
    expect(share.mock.calls[0]![0].url).toBe(`${LINK}?channel=share`)
  })

  it('ignores a cancelled share sheet', async () => {
    const share = jest
      .fn<Promise<void>, [ShareData]>()
      .mockRejectedValue(new DOMException('Share canceled', 'AbortError'))
    stubNavigator('share', share)
    renderDe(<ShareLink link={LINK} share={SHEET} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Link teilen' }))
    })
    expect(share).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Link teilen' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('')
  })

  it('copies from the second button while the share sheet is offered', async () => {
    const writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue(undefined)
    stubNavigator('share', jest.fn())
    stubNavigator('clipboard', { writeText })
    renderDe(<ShareLink link={LINK} share={SHEET} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Link kopieren' }))
    })
    expect(writeText).toHaveBeenCalledWith(LINK)
    expect(screen.getByRole('status')).toHaveTextContent('Link kopiert!')
  })

  it('in the compact form keeps the label for screen readers only', () => {
    renderDe(<ShareLink compact link={LINK} share={SHEET} />)
    const label = screen.getByText('Ihr persönlicher Empfehlungslink')
    expect(label).toHaveClass('visually-hidden')
    expect(screen.getByLabelText('Ihr persönlicher Empfehlungslink')).toHaveValue(LINK)
  })
})

describe('InstagramStory', () => {
  const STORY = '/api/story/demo/7K3M9QXR2T'

  const deepLink = jest.mocked(followDeepLink)
  beforeEach(() => deepLink.mockClear())

  function visibility(state: DocumentVisibilityState) {
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue(state)
  }

  it('offers the picture as a download', () => {
    renderDe(<InstagramStory storyHref={STORY} fileName="empfehlung-7K3M9QXR2T.png" />)
    const download = screen.getByRole('link', { name: 'Story-Bild herunterladen' })
    expect(download).toHaveAttribute('href', STORY)
    expect(download).toHaveAttribute('download', 'empfehlung-7K3M9QXR2T.png')
    expect(screen.getByRole('status')).toHaveTextContent('')
  })

  it('says the app is missing when the page stays visible after the deep link', () => {
    jest.useFakeTimers()
    visibility('visible')
    renderDe(<InstagramStory storyHref={STORY} fileName="story.png" />)
    fireEvent.click(screen.getByRole('button', { name: 'Instagram öffnen' }))
    expect(deepLink).toHaveBeenCalledWith('instagram://story-camera')
    act(() => {
      jest.advanceTimersByTime(1499)
    })
    expect(screen.getByRole('status')).toHaveTextContent('')
    act(() => {
      jest.advanceTimersByTime(1)
    })
    expect(screen.getByRole('status')).toHaveTextContent(APP_MISSING)
  })

  it('says nothing when the app takes over (the page is hidden)', () => {
    jest.useFakeTimers()
    visibility('visible')
    renderDe(<InstagramStory storyHref={STORY} fileName="story.png" />)
    fireEvent.click(screen.getByRole('button', { name: 'Instagram öffnen' }))
    visibility('hidden')
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    visibility('visible')
    act(() => {
      jest.advanceTimersByTime(5000)
    })
    expect(screen.getByRole('status')).toHaveTextContent('')
  })

  it('clears an earlier notice on the next try', () => {
    jest.useFakeTimers()
    visibility('visible')
    renderDe(<InstagramStory storyHref={STORY} fileName="story.png" />)
    const open = screen.getByRole('button', { name: 'Instagram öffnen' })
    fireEvent.click(open)
    act(() => {
      jest.advanceTimersByTime(1500)
    })
    expect(screen.getByRole('status')).toHaveTextContent(APP_MISSING)
    fireEvent.click(open)
    expect(screen.getByRole('status')).toHaveTextContent('')
  })
})

describe('PrintCard', () => {
  it('prints with the card print styles switched on only while printing', () => {
    let classDuringPrint = false
    const print = jest.spyOn(window, 'print').mockImplementation(() => {
      classDuringPrint = document.body.classList.contains('printing-card')
    })
    renderDe(<PrintCard />)
    fireEvent.click(screen.getByRole('button', { name: 'Empfehlungskarte drucken' }))
    expect(print).toHaveBeenCalledTimes(1)
    expect(classDuringPrint).toBe(true)
    expect(document.body).not.toHaveClass('printing-card')
  })
})
