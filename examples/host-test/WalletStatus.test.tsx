// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { expect, test } from 'vitest'
import { airlockDevnet } from 'airlock-kit'
import { AirlockProvider } from 'airlock-kit/react'
import { announceWallet, createTestAirlock, createTestWallet, expectActions } from 'airlock-kit/testing'
import { WalletStatus } from './WalletStatus.js'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

test('WalletStatus shows the connected account and signs out, even when the wallet never answers the revoke', async () => {
  // A wallet on anvil's first dev key, announced to this page through EIP-6963.
  const wallet = createTestWallet({ privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', chains: { 31337: 'http://127.0.0.1:8545' } })
  announceWallet(window, wallet)
  const { airlock, advanceBy } = await createTestAirlock({ networks: [airlockDevnet], deps: { window } })

  const root = createRoot(document.body.appendChild(document.createElement('div')))
  await act(async () => root.render(<AirlockProvider airlock={airlock}><WalletStatus /></AirlockProvider>))
  expect(document.querySelector('[role="status"]')?.textContent).toBe('Not connected')

  // What a click on the wallet in the modal does. No chain runs here: the balance read after
  // connecting fails (happy-dom prints the refused connection) and the page carries on.
  await act(async () => airlock.dispatch({ type: 'connection/connectRequested', namespace: 'eip155', connectorId: 'dev.airlock.testwallet' }))
  await act(() => advanceBy(100))
  expect(document.querySelector('[role="status"]')?.textContent).toContain(`Connected as ${wallet.address}`)

  // The wallet's revoke prompt is never answered: Airlock gives up after 1 s of (virtual) time.
  wallet.hangNext('wallet_revokePermissions')
  await act(async () => document.querySelector('button')!.click())
  await act(() => advanceBy(999))
  expect(document.querySelector('[role="status"]')?.textContent).toContain('Connected as')
  await act(() => advanceBy(1))
  expect(document.querySelector('[role="status"]')?.textContent).toBe('Not connected')
  expectActions(airlock).toInclude({ type: 'connection/accountConnected' }, { type: 'connection/disconnectRequested' }, { type: 'connection/disconnected', reason: 'user' })

  act(() => root.unmount())
  airlock.destroy()
})
