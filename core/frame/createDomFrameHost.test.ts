// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createDomFrameHost, FRAME_ELEMENT_ID } from './createDomFrameHost.js'
import { frameReady } from './builders.js'
import { IFRAME_NOT_SET } from './FrameHost.js'

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
    expect(iframe.style.width).toBe('100%')
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    host.destroy()
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
})
