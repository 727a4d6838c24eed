import { beforeAll, describe, expect, test } from 'vitest'
import type { Action, Airlock } from '../../core/index.js'
import { createDefaultSiwx } from '../../core/siwx/createDefaultSiwx.js'
import { createLocalSessionStore, type SiwxSessionStore } from '../../core/siwx/createLocalSessionStore.js'
import { verifySiwx } from '../../core/siwx/verifySiwx.js'
import { createStorage } from '../../storage/createStorage.js'
import { type EvmStack, fakeWindow, loggedTypes, startAirlock, until, useEvmStack, waitForStoredConnection, walletFor } from '../support/evmStack.js'
import { announceWallet, TEST_WALLET_INFO, type TestWallet } from '../../testing/index.js'

/** The whole sign-in flow in Node: the store, the EVM adapter, the test wallet on anvil, the default config. */
const getStack = useEvmStack()
let stack: EvmStack
beforeAll(() => {
  stack = getStack()
})

const connect: Action = { type: 'connection/connectRequested', namespace: 'eip155', connectorId: TEST_WALLET_INFO.rdns }

function page(wallet: TestWallet, options: { required?: boolean; sessions?: SiwxSessionStore; storage?: ReturnType<typeof createStorage> } = {}): Airlock {
  const win = fakeWindow('http://127.0.0.1:5173')
  announceWallet(win, wallet)
  const siwx = createDefaultSiwx({ required: options.required ?? false, storage: options.sessions ?? createLocalSessionStore({ localStorage: null }) })
  return startAirlock(stack, { window: win, storage: options.storage ?? createStorage({ backend: 'memory' }), siwx })
}

describe('sign-in flow (anvil)', () => {
  test('default: connect opens the sign-in view; signing stores a session and closes; a reload reuses it', async () => {
    const wallet = walletFor(stack, 0)
    const sessions = createLocalSessionStore({ localStorage: null })
    const storage = createStorage({ backend: 'memory' })
    const first = page(wallet, { sessions, storage })
    await first.ready()
    first.dispatch(connect)
    const opened = await until(first, (s) => s.siwx.status === 'signedOut' && s.modal.open)
    expect(opened.router.view).toBe('SIWXSignMessage')
    first.dispatch({ type: 'siwx/signRequested' })
    const signed = await until(first, (s) => s.siwx.status === 'signedIn')
    expect(signed.modal.open).toBe(false)
    expect(wallet.calls['personal_sign']).toBe(1)
    expect(loggedTypes(first)).toEqual(expect.arrayContaining(['siwx/checkStarted', 'siwx/sessionsChecked', 'siwx/signRequested', 'siwx/signedIn']))
    // The signature lives with the config, never in state or the log.
    const [stored] = await sessions.read()
    expect(stored?.signature).toMatch(/^0x[0-9a-f]{130}$/i)
    expect(first.log.export()).not.toContain(stored!.signature)
    expect(JSON.stringify(first.getState())).not.toContain(stored!.signature)
    // A back end verifies the same session, for this page's host, once.
    const result = await verifySiwx({ message: stored!.message, signature: stored!.signature, domain: '127.0.0.1:5173', nonce: stored!.data.nonce, chainId: 'eip155:31337', now: Date.now() })
    expect(result).toEqual({ ok: true, address: wallet.address, chainId: 'eip155:31337' })
    expect(await verifySiwx({ message: stored!.message, signature: stored!.signature, domain: 'evil.example', nonce: stored!.data.nonce, chainId: 'eip155:31337', now: Date.now() })).toMatchObject({ ok: false, reason: 'domain_mismatch' })
    await waitForStoredConnection(storage)
    first.destroy()

    const reloaded = page(wallet, { sessions, storage })
    const again = await until(reloaded, (s) => s.siwx.status === 'signedIn', 8_000)
    expect(again.modal.open).toBe(false)
    expect(again.siwx.sessions).toEqual([{ caipAddress: `eip155:31337:${wallet.address}`, issuedAt: stored!.data.issuedAt, expirationTime: stored!.data.expirationTime }])
    expect(wallet.calls['personal_sign']).toBe(1)
  })

  test('behavior: required sign-in: closing shakes, cancel disconnects and resets to Connect', async () => {
    const wallet = walletFor(stack, 1)
    const airlock = page(wallet, { required: true })
    await airlock.ready()
    airlock.dispatch(connect)
    await until(airlock, (s) => s.router.view === 'SIWXSignMessage' && s.modal.open && s.siwx.required)
    airlock.close()
    expect(airlock.getState().modal).toMatchObject({ open: true, shake: true })
    airlock.dispatch({ type: 'siwx/cancelRequested' })
    const state = await until(airlock, (s) => s.connection.namespaces.eip155?.status === 'disconnected')
    expect(state.router.view).toBe('Connect')
    expect(state.siwx.sessions).toEqual([])
    expect(wallet.calls['personal_sign']).toBeUndefined()
  })

  test('behavior: a declined signature reports "Signature declined" and stores nothing; a retry signs in', async () => {
    const wallet = walletFor(stack, 2)
    const airlock = page(wallet)
    await airlock.ready()
    airlock.dispatch(connect)
    await until(airlock, (s) => s.router.view === 'SIWXSignMessage' && s.modal.open)
    wallet.rejectNext('personal_sign')
    airlock.dispatch({ type: 'siwx/signRequested' })
    const failed = await until(airlock, (s) => s.siwx.error !== null)
    expect(failed.siwx.error).toEqual({ message: 'Signature declined' })
    expect(failed.modal.open).toBe(true)
    airlock.dispatch({ type: 'siwx/signRequested' })
    await until(airlock, (s) => s.siwx.status === 'signedIn')
  })
})
