// @vitest-environment happy-dom
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, test } from 'vitest'
import { airlockDevnet } from '../../../core/chains/networks.js'
import { createProviderRegistry } from '../../../core/connectors/providerRegistry.js'
import { createDefaultSiwx } from '../../../core/siwx/createDefaultSiwx.js'
import { createLocalSessionStore } from '../../../core/siwx/createLocalSessionStore.js'
import { ANVIL_ACCOUNTS } from '../../../examples/devnet/anvil.js'
import { ConnectButton } from '../../components/ConnectButton.js'
import { $, announce, byLabel, byText, click, connect, count, render, shadow, testAirlock, visibleDialog, waitFor, wallet } from '../../testing/renderAirlock.js'

afterEach(() => {
  document.body.innerHTML = ''
})

const account = privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey)
const CAIP = `eip155:31337:${account.address}` as const

/** A wallet that signs with a real key, or refuses once when told to. */
function signingWallet() {
  const wallet = {
    refuseNext: false,
    requests: [] as string[],
    async request({ method, params }: { method: string; params?: unknown }) {
      wallet.requests.push(method)
      if (method !== 'personal_sign') throw Object.assign(new Error('unsupported'), { code: 4200 })
      if (wallet.refuseNext) {
        wallet.refuseNext = false
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      }
      const [hex] = params as [`0x${string}`]
      return account.signMessage({ message: { raw: hex } })
    },
  }
  return wallet
}

function setup(required: boolean) {
  const provider = signingWallet()
  const providers = createProviderRegistry()
  providers.register('io.metamask', provider)
  const siwx = createDefaultSiwx({ required, storage: createLocalSessionStore({ localStorage: null }) })
  const airlock = testAirlock({ networks: [airlockDevnet], siwx, metadata: { name: 'Demo App' }, deps: { providers } })
  render(airlock, <ConnectButton />)
  announce(airlock, wallet())
  return { airlock, provider, siwx }
}

const view = () => waitFor(() => $(shadow(), '[data-airlock="siwx"]'))

describe('SIWXSignMessage', () => {
  test('default: opens after connect with the app and the wallet; Sign stores a session and closes', async () => {
    const { airlock, siwx } = setup(false)
    connect(airlock, CAIP)
    const root = await view()
    expect(root.textContent).toContain('Demo App needs to connect to your wallet')
    expect(root.textContent).toContain('MetaMask')
    expect(root.textContent).toContain('0xf39F…b92266')
    expect(byText(shadow(), 'h2', 'Sign In')).toBeTruthy()
    click(byText(root, 'button', 'Sign'))
    await waitFor(() => expect(airlock.getState().siwx.status).toBe('signedIn'))
    await waitFor(() => expect(visibleDialog(shadow())).toBeNull())
    expect(await siwx.getSessions('eip155:31337', account.address)).toHaveLength(1)
    expect(JSON.stringify(airlock.getState())).not.toMatch(/0x[0-9a-f]{130}/i)
  })

  test('behavior: a declined signature shows "Signature declined" and Sign works again', async () => {
    const { airlock, provider } = setup(false)
    connect(airlock, CAIP)
    const root = await view()
    provider.refuseNext = true
    click(byText(root, 'button', 'Sign'))
    await waitFor(() => expect($(root, '[role="alert"]').textContent).toBe('Signature declined'))
    click(byText(root, 'button', 'Sign'))
    await waitFor(() => expect(airlock.getState().siwx.status).toBe('signedIn'))
  })

  test('behavior: required: closing shakes instead, Cancel asks to disconnect and shows Connect', async () => {
    const { airlock } = setup(true)
    connect(airlock, CAIP)
    const root = await view()
    expect(root.textContent).toContain('Cancelling disconnects the wallet.')
    click(byLabel(shadow(), 'Close'))
    expect(airlock.getState().modal).toMatchObject({ open: true, shake: true })
    click(byText(root, 'button', 'Cancel'))
    expect(count(airlock, 'connection/disconnectRequested')).toBe(1)
    expect(airlock.getState().router.view).toBe('Connect')
  })

  test('behavior: optional: Cancel closes the modal and stays connected', async () => {
    const { airlock } = setup(false)
    connect(airlock, CAIP)
    const root = await view()
    expect(root.textContent).not.toContain('Cancelling disconnects')
    click(byText(root, 'button', 'Cancel'))
    expect(airlock.getState().modal.open).toBe(false)
    expect(count(airlock, 'connection/disconnectRequested')).toBe(0)
  })
})
