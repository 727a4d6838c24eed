// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { initialState } from '../../tests/support/state.js'
import { SDK_VERSION } from '../constants/limits.js'
import type { AirlockDeps } from '../deps.js'
import { FRAME_ELEMENT_ID } from './createDomFrameHost.js'
import { type FrameHost, PARENT_NOT_SET } from './FrameHost.js'
import { forgetFrameHost, frameHostFor } from './frameHostFor.js'

const state = initialState({ projectId: 'p1', secureSiteUrl: 'https://secure.example/sdk' })
/** A new deps object is a new store: hosts are kept per deps. */
const depsWith = (window: unknown, frameHost?: FrameHost) => ({ window, ...(frameHost ? { frameHost } : {}) }) as unknown as AirlockDeps
const frameElement = () => document.getElementById(FRAME_ELEMENT_ID) as HTMLIFrameElement | null

/** A FrameHost double whose destroy is watched. */
const fakeHost = (): FrameHost => ({ load: vi.fn(), listen: () => () => undefined, post: vi.fn(), setVisible: vi.fn(), destroy: vi.fn() })

afterEach(() => {
  document.body.innerHTML = ''
})

describe('frameHostFor', () => {
  test('default: with no window (server rendering), a host that cannot load or post: "AirlockFrame: parent is not set"', () => {
    const host = frameHostFor(depsWith(undefined), state)
    expect(() => host.load()).toThrow(PARENT_NOT_SET)
    expect(() => host.post({ type: '@airlock-app/RELOAD' })).toThrow(PARENT_NOT_SET)
    // Nothing ever arrives, and the rest is harmless.
    const stop = host.listen(() => undefined)
    expect(stop()).toBeUndefined()
    expect(host.setVisible(true)).toBeUndefined()
    expect(host.destroy()).toBeUndefined()
  })

  test.each([
    ['a document but no addEventListener', { document: {} }],
    ['addEventListener but no document', { addEventListener: () => undefined }],
  ])('behavior: a window with %s gets the server host, not a DOM one', (_name, window) => {
    const host = frameHostFor(depsWith(window), state)
    // A DOM host would say 'AirlockFrame: iframe is not set' (not loaded yet); the server host has no parent at all.
    expect(() => host.post({ type: '@airlock-app/RELOAD' })).toThrow(PARENT_NOT_SET)
  })

  test('behavior: with a DOM window, one host per store, created without touching the DOM; its frame URL names the project and the SDK', () => {
    const deps = depsWith(window)
    const host = frameHostFor(deps, state)
    expect(frameHostFor(deps, state)).toBe(host)
    expect(frameHostFor(depsWith(window), state)).not.toBe(host)
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
    host.load()
    expect(frameElement()?.src).toBe(`https://secure.example/sdk?projectId=p1&sdkVersion=${SDK_VERSION}`)
    host.destroy()
  })

  test('behavior: a host from deps is used as is, and forgetFrameHost never destroys it', () => {
    const given = fakeHost()
    const deps = depsWith(window, given)
    expect(frameHostFor(deps, state)).toBe(given)
    forgetFrameHost(deps, given)
    expect(given.destroy).not.toHaveBeenCalled()
  })

  test('behavior: forgetFrameHost destroys the DOM host this store made (its iframe goes), and the next use makes a new one', () => {
    const deps = depsWith(window)
    const host = frameHostFor(deps, state)
    host.load()
    forgetFrameHost(deps, host)
    expect(frameElement()).toBeNull()
    expect(frameHostFor(deps, state)).not.toBe(host)
  })

  test('behavior: forgetFrameHost leaves alone a host this store did not make, and keeps its own', () => {
    const deps = depsWith(window)
    const own = frameHostFor(deps, state)
    own.load()
    const other = fakeHost()
    forgetFrameHost(deps, other)
    expect(other.destroy).not.toHaveBeenCalled()
    expect(frameElement()).not.toBeNull()
    expect(frameHostFor(deps, state)).toBe(own)
    own.destroy()
  })
})
