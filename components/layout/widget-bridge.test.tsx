import { act, render } from '@testing-library/react'
import { usePathname, useRouter, useSearchParams } from 'next/navigation'
import { WidgetBridge } from './widget-bridge'

jest.mock('next/navigation', () => ({
  usePathname: jest.fn(),
  useRouter: jest.fn(),
  useSearchParams: jest.fn(),
}))

const HOST = 'https://www.lumenta.example'
const push = jest.fn()

/** A real window of another document stands in for the host page (jsdom has no cross-origin frames). */
let parentWindow: Window
let posted: jest.Mock

function setUp({ search = 'widget=1', referrer = `${HOST}/freunde-werben` } = {}) {
  window.history.replaceState(null, '', `/demo?${search}`)
  jest.mocked(usePathname).mockReturnValue('/demo')
  jest.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as never)
  jest.mocked(useRouter).mockReturnValue({ push } as never)
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true })
  const frame = document.createElement('iframe')
  document.body.appendChild(frame)
  parentWindow = frame.contentWindow!
  posted = jest.fn()
  parentWindow.postMessage = posted
  Object.defineProperty(window, 'parent', { value: parentWindow, configurable: true })
}

function fromParent(data: unknown, origin = HOST, source: Window | null = parentWindow) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }))
  })
}

beforeAll(() => {
  globalThis.ResizeObserver = class {
    observe() {}
    disconnect() {}
    unobserve() {}
  } as unknown as typeof ResizeObserver
})

afterEach(() => {
  Object.defineProperty(window, 'parent', { value: window, configurable: true })
  push.mockReset()
  document.body.innerHTML = ''
})

describe('WidgetBridge', () => {
  it('tells a registered parent its route and height, naming the parent origin', () => {
    setUp()
    render(<WidgetBridge prefix="/demo" frameOrigins={[HOST]} />)
    expect(posted).toHaveBeenCalledWith({ type: 'psoempf:route', path: '/', hash: '' }, HOST)
    expect(posted).toHaveBeenCalledWith({ type: 'psoempf:height', height: expect.any(Number) }, HOST)
    for (const [, target] of posted.mock.calls) expect(target).toBe(HOST)
  })

  it('posts nothing to a parent that is not registered, whatever it says', () => {
    setUp({ referrer: 'https://evil.example/' })
    render(<WidgetBridge prefix="/demo" frameOrigins={[HOST]} />)
    fromParent({ type: 'psoempf:hello' }, 'https://evil.example')
    expect(posted).not.toHaveBeenCalled()
  })

  it("learns the parent's origin from its hello when the browser does not name it", () => {
    setUp({ referrer: '' })
    render(<WidgetBridge prefix="/demo" frameOrigins={[HOST]} />)
    expect(posted).not.toHaveBeenCalled()
    fromParent({ type: 'psoempf:hello' })
    expect(posted).toHaveBeenCalledWith({ type: 'psoempf:route', path: '/', hash: '' }, HOST)
  })

  it('does nothing outside widget mode', () => {
    setUp({ search: '' })
    render(<WidgetBridge prefix="/demo" frameOrigins={[HOST]} />)
    fromParent({ type: 'psoempf:navigate', path: '/faq' })
    expect(posted).not.toHaveBeenCalled()
    expect(push).not.toHaveBeenCalled()
  })

  it('follows a navigate message of the registered parent within the tenant, in widget mode', () => {
    setUp()
    render(<WidgetBridge prefix="/demo" frameOrigins={[HOST]} />)
    fromParent({ type: 'psoempf:navigate', path: '/faq' })
    expect(push).toHaveBeenCalledWith('/demo/faq?widget=1')
  })

  it.each([
    ['another origin', { type: 'psoempf:navigate', path: '/faq' }, 'https://evil.example', true],
    ['another window of the registered origin', { type: 'psoempf:navigate', path: '/faq' }, HOST, false],
    ['a path out of the tenant', { type: 'psoempf:navigate', path: '/../api/v1/mandant/demo' }, HOST, true],
    ['another host', { type: 'psoempf:navigate', path: '//evil.example' }, HOST, true],
    ['an extra field', { type: 'psoempf:navigate', path: '/faq', x: 1 }, HOST, true],
  ])('ignores %s', (_label, data, origin, fromTheParent) => {
    setUp()
    render(<WidgetBridge prefix="/demo" frameOrigins={[HOST]} />)
    fromParent(data, origin, fromTheParent ? parentWindow : window)
    expect(push).not.toHaveBeenCalled()
  })
})
