// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createDomFrameHost, FRAME_ELEMENT_ID } from './createDomFrameHost.js'
import { frameReady } from './builders.js'
import { IFRAME_NOT_SET, PARENT_NOT_SET } from './FrameHost.js'

const SECURE = 'https://secure.example:8443/sdk'
const ORIGIN = 'https://secure.example:8443'

function setup() {
  const host = createDomFrameHost(window, SECURE, { projectId: 'p1', sdkVersion: 'airlock-test' })
  const received: unknown[] = []
  host.listen((data) => received.push(data))
  host.load()
  const iframe = document.getElementById(FRAME_ELEMENT_ID) as HTMLIFrameElement
  // happy-dom does not load cross-origin pages: stand in for the frame's window (Chromium tests use the real one).
  const frameWindow = { postMessage: vi.fn() }
  Object.defineProperty(iframe, 'contentWindow', { configurable: true, get: () => frameWindow })
  return { host, received, iframe }
}

function send(data: unknown, origin: string, source: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as MessageEventSource }))
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('createDomFrameHost', () => {
  test('default: one hidden, fixed, full-screen iframe on the secure site, above everything', () => {
    const { host, iframe } = setup()
    host.load()
    expect(document.querySelectorAll('iframe')).toHaveLength(1)
    expect(iframe.src).toBe(`${SECURE}?projectId=p1&sdkVersion=airlock-test`)
    expect(iframe.style.position).toBe('fixed')
    expect(iframe.style.zIndex).toBe('999999')
    expect(iframe.style.display).toBe('none')
    expect(iframe.style.inset).toBe('0')
    expect(iframe.style.width).toBe('100%')
    expect(iframe.style.height).toBe('100%')
    // No border when shown (an iframe's default is a 2px inset one); the DOM writes '0' as '0px'.
    expect(iframe.style.border).toBe('0px')
    // Not the page's inherited scheme: an iframe's color-scheme is what its document's prefers-color-scheme reports, already while it loads hidden.
    expect(iframe.style.colorScheme).toBe('normal')
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    host.destroy()
  })

  test('behavior: a host destroyed before it ever loaded (a store made and dropped on the server or in a test) ends quietly, and twice is no error', () => {
    const host = createDomFrameHost(window, SECURE)
    expect(() => host.destroy()).not.toThrow()
    expect(() => host.destroy()).not.toThrow()
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
  })

  test('default: hidden, it is out of the tab order; it is named for screen readers and may write the clipboard, never read it', () => {
    const { host, iframe } = setup()
    expect(iframe.tabIndex).toBe(-1)
    expect(iframe.title).toBe('Secure login')
    expect(iframe.getAttribute('allow')).toBe('clipboard-write')
    host.destroy()
  })

  test('default: without a project id or SDK version the frame URL is the secure site as given (no empty parameters)', () => {
    const host = createDomFrameHost(window, SECURE)
    host.load()
    expect((document.getElementById(FRAME_ELEMENT_ID) as HTMLIFrameElement).src).toBe(SECURE)
    host.destroy()
  })

  test('behavior: with no body to put the frame in (a script in <head>), load throws "AirlockFrame: parent is not set" and listens to nothing', () => {
    const doc = document.implementation.createHTMLDocument('')
    doc.body.remove()
    const win = { document: doc, addEventListener: vi.fn(), removeEventListener: vi.fn() }
    const host = createDomFrameHost(win, SECURE)
    expect(() => host.load()).toThrow(PARENT_NOT_SET)
    expect(win.addEventListener).not.toHaveBeenCalled()
    expect(doc.querySelectorAll('iframe')).toHaveLength(0)
  })

  test('behavior: a message from our iframe and the exact secure origin gets through', () => {
    const { host, received, iframe } = setup()
    send(frameReady(), ORIGIN, iframe.contentWindow)
    expect(received).toEqual([frameReady()])
    host.destroy()
  })

  test.each([
    ['the page itself', () => window.location.origin, () => window],
    ['another origin with our source', () => 'https://evil.example', (iframe: HTMLIFrameElement) => iframe.contentWindow],
    ['a sibling origin (other port)', () => 'https://secure.example', (iframe: HTMLIFrameElement) => iframe.contentWindow],
    ['the right origin from another window', () => ORIGIN, () => window],
    ['the right origin with no source', () => ORIGIN, () => null],
    ['an origin that only starts the same', () => `${ORIGIN}.evil.example`, (iframe: HTMLIFrameElement) => iframe.contentWindow],
  ])('hostile: a message from %s is ignored', (_name, origin, source) => {
    const { host, received, iframe } = setup()
    send(frameReady(), origin(), source(iframe))
    expect(received).toEqual([])
    host.destroy()
  })

  test('hostile: a message with no source is ignored even once the page removed our iframe (its window is then null too)', () => {
    const { host, received, iframe } = setup()
    // A removed iframe has no window: a sourceless message must not pass as "from our window".
    Object.defineProperty(iframe, 'contentWindow', { configurable: true, get: () => null })
    send(frameReady(), ORIGIN, null)
    expect(received).toEqual([])
    host.destroy()
  })

  test('behavior: an unsubscribed listener gets no more messages; the others still do', () => {
    const { host, received, iframe } = setup()
    const other: unknown[] = []
    const stop = host.listen((d) => other.push(d))
    send('a', ORIGIN, iframe.contentWindow)
    stop()
    send('b', ORIGIN, iframe.contentWindow)
    expect(other).toEqual(['a'])
    expect(received).toEqual(['a', 'b'])
    host.destroy()
  })

  test('behavior: posts name the exact secure origin, never *', () => {
    const { host, iframe } = setup()
    const post = (iframe.contentWindow as unknown as { postMessage: ReturnType<typeof vi.fn> }).postMessage
    host.post({ type: '@airlock-app/GET_CHAIN_ID', id: 'a1' })
    expect(post).toHaveBeenCalledWith({ type: '@airlock-app/GET_CHAIN_ID', id: 'a1' }, ORIGIN)
    expect(post.mock.calls.every((call) => call[1] !== '*')).toBe(true)
    host.destroy()
  })

  test('behavior: posting before load throws "AirlockFrame: iframe is not set"', () => {
    const host = createDomFrameHost(window, SECURE)
    expect(() => host.post({ type: '@airlock-app/RELOAD' })).toThrow(IFRAME_NOT_SET)
    expect(() => host.setVisible(true)).toThrow(IFRAME_NOT_SET)
  })

  test('behavior: show and hide', () => {
    const { host, iframe } = setup()
    host.setVisible(true)
    expect(iframe.style.display).toBe('block')
    expect(iframe.hasAttribute('aria-hidden')).toBe(false)
    host.setVisible(false)
    expect(iframe.style.display).toBe('none')
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    host.destroy()
  })

  test('behavior: shown over the given bounds in the given color scheme; shown without them, full screen in the normal scheme again', () => {
    const { host, iframe } = setup()
    host.setVisible(true, { bounds: { top: 10, left: 20, width: 300, height: 400 }, colorScheme: 'dark' })
    const placed = () => {
      const { top, left, right, bottom, width, height, colorScheme } = iframe.style
      return { top, left, right, bottom, width, height, colorScheme }
    }
    // right and bottom 'auto': with top/left/width/height given, a right-to-left page must not place it by `right`.
    expect(placed()).toEqual({ top: '10px', left: '20px', right: 'auto', bottom: 'auto', width: '300px', height: '400px', colorScheme: 'dark' })
    // Every value of the bounded placement is written over (the DOM writes '0' as '0px').
    host.setVisible(true)
    expect(placed()).toEqual({ top: '0px', left: '0px', right: '0px', bottom: '0px', width: '100%', height: '100%', colorScheme: 'normal' })
    host.destroy()
  })

  test('behavior: showing gives the frame the focus and the tab order; hiding takes it out of the tab order and never takes the focus', () => {
    const { host, iframe } = setup()
    const button = document.body.appendChild(document.createElement('button'))
    button.focus()
    host.setVisible(true)
    expect(document.activeElement).toBe(iframe)
    expect(iframe.tabIndex).toBe(0)
    button.focus()
    host.setVisible(false)
    expect(document.activeElement).toBe(button)
    expect(iframe.tabIndex).toBe(-1)
    host.destroy()
  })

  test('behavior: showing again (new bounds) while the frame has the focus does not focus it again', () => {
    const { host, iframe } = setup()
    host.setVisible(true)
    expect(document.activeElement).toBe(iframe)
    // In a browser the person may be typing in the frame: focus() on the iframe then may move the focus
    // to its document, off their input (HTML focusing steps). happy-dom ignores it, so watch the call.
    const focus = vi.spyOn(iframe, 'focus')
    host.setVisible(true, { bounds: { top: 1, left: 2, width: 3, height: 4 } })
    expect(focus).not.toHaveBeenCalled()
    host.destroy()
  })

  test('behavior: a throwing listener never reaches the page loop, others still get the data', () => {
    const { host, received, iframe } = setup()
    host.listen(() => {
      throw new Error('listener bug')
    })
    const second: unknown[] = []
    host.listen((d) => second.push(d))
    expect(() => send('x', ORIGIN, iframe.contentWindow)).not.toThrow()
    expect(received).toEqual(['x'])
    expect(second).toEqual(['x'])
    host.destroy()
  })

  test('behavior: the iframe\'s load events beyond the one each load() expects are reported as reloads (the frame reloaded, or its page failed)', () => {
    const { host, iframe } = setup()
    let reloads = 0
    const stop = host.listenReloads!(() => reloads++)
    // The document load() asked for.
    iframe.dispatchEvent(new Event('load'))
    expect(reloads).toBe(0)
    // The frame reloaded by itself, then navigated to an error page: two documents nobody asked for.
    iframe.dispatchEvent(new Event('load'))
    iframe.dispatchEvent(new Event('load'))
    expect(reloads).toBe(2)
    // A retry (load() again) expects its own load event once more.
    host.load()
    iframe.dispatchEvent(new Event('load'))
    expect(reloads).toBe(2)
    iframe.dispatchEvent(new Event('load'))
    expect(reloads).toBe(3)
    stop()
    iframe.dispatchEvent(new Event('load'))
    expect(reloads).toBe(3)
    host.destroy()
  })

  test('behavior: destroy removes the iframe and stops listening', () => {
    const { host, received, iframe } = setup()
    const source = iframe.contentWindow
    let reloads = 0
    host.listenReloads!(() => reloads++)
    host.destroy()
    expect(document.getElementById(FRAME_ELEMENT_ID)).toBeNull()
    send('x', ORIGIN, source)
    iframe.dispatchEvent(new Event('load'))
    iframe.dispatchEvent(new Event('load'))
    expect(received).toEqual([])
    expect(reloads).toBe(0)
  })

  test('behavior: after destroy, a load event of the old iframe never counts against a later load()', () => {
    const { host, iframe: old } = setup()
    host.destroy()
    host.load()
    const fresh = document.getElementById(FRAME_ELEMENT_ID) as HTMLIFrameElement
    expect(fresh).not.toBe(old)
    let reloads = 0
    host.listenReloads!(() => reloads++)
    // The new iframe's own document, then a stray event of the removed one (dispatched by hand: it must be detached).
    fresh.dispatchEvent(new Event('load'))
    old.dispatchEvent(new Event('load'))
    expect(reloads).toBe(0)
    host.destroy()
  })
})
