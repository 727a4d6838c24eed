import { Subject } from 'rxjs'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import type { AirlockDeps, WindowLike } from '../../deps.js'
import type { AirlockOptions } from '../../options/resolveOptions.js'
import { createProviderRegistry } from '../providerRegistry.js'
import { initialState, stateFollowing } from '../../../tests/support/state.js'
import { injectedDiscoveryEpic } from './injectedDiscoveryEpic.js'

const started: Action = { type: 'app/started', environment: { origin: 'https://dapp.test', pageUrl: 'https://dapp.test/', isMobile: false, ssr: false } }
const provider = { request: async () => null }
const info = { uuid: 'u-1', name: 'Example Wallet', icon: 'data:image/png;base64,AA==', rdns: 'com.example' }

/** A page: EventTarget plus location, and optionally a legacy `ethereum`. */
function page(ethereum?: unknown): EventTarget & WindowLike & { requests: number } {
  const target = Object.assign(new EventTarget(), {
    location: { origin: 'https://dapp.test', href: 'https://dapp.test/', pathname: '/' },
    navigator: { userAgent: 'node' },
    ethereum,
    requests: 0,
  })
  target.addEventListener('eip6963:requestProvider', () => (target.requests += 1))
  return target as never
}
const announce = (target: EventTarget, detail: unknown) => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))

function start(win: WindowLike | undefined, options: AirlockOptions = {}) {
  const action$ = new Subject<Action>()
  const deps = { window: win, providers: createProviderRegistry() } as unknown as AirlockDeps
  const out: Action[] = []
  const subscription = injectedDiscoveryEpic(action$, stateFollowing(initialState(options)).state$, deps).subscribe((a) => out.push(a))
  action$.next(started)
  return { out, deps, subscription, connectors: () => out.flatMap((a) => (a.type === 'connectors/announced' ? [a.connector] : [])) }
}

describe('injectedDiscoveryEpic', () => {
  test('default: no window.ethereum is announced as not installed; EIP-6963 wallets are asked for and registered', () => {
    const win = page()
    const { connectors, deps } = start(win)
    expect(win.requests).toBe(1)
    announce(win, { info, provider })
    expect(connectors()).toEqual([
      { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', namespace: 'eip155', installed: false },
      { id: 'com.example', name: 'Example Wallet', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'com.example', uuid: 'u-1', icon: info.icon, installed: true },
    ])
    expect(deps.providers.get('com.example')).toBe(provider)
    expect(deps.providers.get('injected')).toBeUndefined()
  })

  test('behavior: a legacy window.ethereum with request is registered as `injected`', () => {
    const legacy = { request: async () => [] }
    const { connectors, deps } = start(page(legacy))
    expect(connectors()).toEqual([{ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', namespace: 'eip155', installed: true }])
    expect(deps.providers.get('injected')).toBe(legacy)
  })

  test('behavior: an announcement cannot take over the embedded wallet, WalletConnect or window.ethereum (review L-5)', () => {
    const legacy = { request: async () => [] }
    const win = page(legacy)
    const { connectors, deps, out } = start(win)
    const builtIn = { auth: { request: async () => 'auth' }, walletConnect: { request: async () => 'wc' } }
    deps.providers.register('auth', builtIn.auth)
    deps.providers.register('walletConnect', builtIn.walletConnect)
    const before = out.length
    for (const uuid of ['auth', 'walletConnect', 'injected', 'Auth', 'WALLETCONNECT']) {
      announce(win, { info: { ...info, rdns: undefined, uuid, name: 'Email and social login' }, provider })
      announce(win, { info: { ...info, rdns: 'not a domain', uuid }, provider })
    }
    expect(out.length).toBe(before)
    expect(connectors().map((c) => c.id)).toEqual(['injected'])
    expect(deps.providers.get('auth')).toBe(builtIn.auth)
    expect(deps.providers.get('walletConnect')).toBe(builtIn.walletConnect)
    expect(deps.providers.get('injected')).toBe(legacy)
    expect(deps.providers.ids().sort()).toEqual(['auth', 'injected', 'walletConnect'])
  })

  test('behavior: malformed announcements are ignored without throwing; a bad icon is dropped', () => {
    const win = page()
    const { connectors } = start(win)
    for (const detail of [undefined, null, 'x', { info }, { info, provider: {} }, { info: { ...info, name: 'x'.repeat(100_000) }, provider }]) announce(win, detail)
    win.dispatchEvent(new Event('eip6963:announceProvider'))
    announce(win, { info: { ...info, icon: 'https://evil.example/i.png' }, provider })
    expect(connectors().slice(1)).toEqual([{ id: 'com.example', name: 'Example Wallet', type: 'ANNOUNCED', namespace: 'eip155', rdns: 'com.example', uuid: 'u-1', installed: true }])
  })

  test('behavior: unsubscribing (destroy) removes the listener', () => {
    const win = page()
    const { connectors, subscription } = start(win)
    subscription.unsubscribe()
    announce(win, { info, provider })
    expect(connectors()).toHaveLength(1)
  })

  test('parameters: enableEIP6963 off listens to nothing; enableWallets off or no window finds nothing', () => {
    const win = page()
    const no6963 = start(win, { enableEIP6963: false })
    announce(win, { info, provider })
    expect(no6963.connectors().map((c) => c.id)).toEqual(['injected'])
    expect(win.requests).toBe(0)
    expect(start(page({ request: async () => null }), { enableWallets: false }).out).toEqual([])
    expect(start(undefined).out).toEqual([])
  })
})
