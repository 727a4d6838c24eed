import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData, type Address, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from '../../examples/devnet/anvil.js'
import { startRelay, type Relay } from '../../examples/devnet/relay.js'
import { createTestDapp, recordOutboundRequests, type OutboundRecorder, type TestDapp } from '../support/wcOffline.js'
import { createWcWallet, type WcWallet } from '../support/wcWallet.js'
import { startTogether } from '../support/startTogether.js'

/**
 * The WalletConnect SDK end to end in Node: the dapp's UniversalProvider and a
 * SignClient wallet talking through the local relay, transactions on anvil.
 * Nothing may leave 127.0.0.1 (checked after every test).
 */
let anvil: Anvil
let relay: Relay
let outbound: OutboundRecorder
const open: { close(): Promise<void> }[] = []

beforeAll(async () => {
  outbound = recordOutboundRequests()
  ;[anvil, relay] = await startTogether([(async () => startAnvil({ port: await freePort(), chainId: 31337 }))(), startRelay()])
})
afterAll(async () => {
  await Promise.all([anvil?.stop(), relay?.close()])
  outbound?.restore()
  // The guard really watched: it saw the SDK's sockets to the relay.
  expect(outbound.all).toContain(`127.0.0.1:${relay.port}`)
})
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()))
  expect(outbound.remote()).toEqual([])
})

const DEV = ANVIL_ACCOUNTS[0]
const RECIPIENT = ANVIL_ACCOUNTS[2].address

async function paired(): Promise<{ dapp: TestDapp; wallet: WcWallet; topic: string }> {
  const [dapp, wallet] = await Promise.all([createTestDapp({ relayUrl: relay.url, rpcMap: { 31337: anvil.rpcUrl } }), createWcWallet({ relayUrl: relay.url, rpcUrl: anvil.rpcUrl, privateKey: DEV.privateKey })])
  open.push(dapp, wallet)
  const { uri, session } = await dapp.connect()
  const [walletSession, dappSession] = await Promise.all([wallet.pair(uri), session])
  expect(dappSession?.topic).toBe(walletSession.topic)
  return { dapp, wallet, topic: walletSession.topic }
}

const personalSign = (dapp: TestDapp, message: string) => dapp.provider.request<Hex>({ method: 'personal_sign', params: [message, DEV.address] }, 'eip155:31337')

describe('pairing', () => {
  test('behavior: the session settles on both sides with the wallet account on 31337', async () => {
    const { dapp, wallet, topic } = await paired()
    expect(dapp.provider.session?.namespaces.eip155?.accounts).toEqual([`eip155:31337:${DEV.address}`])
    expect(wallet.sessions()).toEqual([topic])
    expect(await dapp.provider.request<Address[]>({ method: 'eth_accounts' }, 'eip155:31337')).toEqual([DEV.address])
  })

  test('behavior: a rejected proposal fails the dapp connect', async () => {
    const [dapp, wallet] = await Promise.all([createTestDapp({ relayUrl: relay.url, rpcMap: { 31337: anvil.rpcUrl } }), createWcWallet({ relayUrl: relay.url, rpcUrl: anvil.rpcUrl, privateKey: DEV.privateKey })])
    open.push(dapp, wallet)
    wallet.rejectNextProposal()
    const { uri, session } = await dapp.connect()
    await expect(wallet.pair(uri)).rejects.toThrow('rejected')
    await expect(session).rejects.toThrow(/rejected/i)
  })
})

describe('requests', () => {
  test('behavior: personal_sign answers a signature that verifies', async () => {
    const { dapp, wallet } = await paired()
    const signature = await personalSign(dapp, 'Hello from the local relay')
    expect(await verifyMessage({ address: DEV.address, message: 'Hello from the local relay', signature })).toBe(true)
    expect(wallet.requests).toEqual(['personal_sign'])
  })

  test('behavior: eth_signTypedData_v4 answers a signature that verifies', async () => {
    const { dapp } = await paired()
    const typed = {
      domain: { name: 'Airlock', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'hi' },
    }
    const signature = await dapp.provider.request<Hex>({ method: 'eth_signTypedData_v4', params: [DEV.address, JSON.stringify(typed)] }, 'eip155:31337')
    expect(await verifyTypedData({ address: DEV.address, ...typed, signature })).toBe(true)
  })

  test('behavior: eth_sendTransaction lands on anvil and moves the balance', async () => {
    const { dapp } = await paired()
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) })
    const before = await chain.getBalance({ address: RECIPIENT })
    const hash = await dapp.provider.request<Hex>({ method: 'eth_sendTransaction', params: [{ from: DEV.address, to: RECIPIENT, value: `0x${parseEther('1.5').toString(16)}` }] }, 'eip155:31337')
    const receipt = await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(DEV.address.toLowerCase())
    expect(await chain.getBalance({ address: RECIPIENT })).toBe(before + parseEther('1.5'))
  })

  test('behavior: a rejected request fails with 4001 and the session stays usable', async () => {
    const { dapp, wallet } = await paired()
    wallet.rejectNextRequest()
    await expect(personalSign(dapp, 'no')).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(await verifyMessage({ address: DEV.address, message: 'yes', signature: await personalSign(dapp, 'yes') })).toBe(true)
  })
})

describe('disconnect', () => {
  test('behavior: the dapp disconnects, the wallet sees session_delete', async () => {
    const { dapp, wallet, topic } = await paired()
    const deleted = wallet.nextSessionDelete()
    await dapp.provider.disconnect()
    expect(await deleted).toBe(topic)
    expect(wallet.sessions()).toEqual([])
  })

  test('behavior: the wallet disconnects, the dapp sees session_delete and disconnect', async () => {
    const { dapp, wallet, topic } = await paired()
    const events = new Promise<[unknown, unknown]>((resolve) => {
      let deleted: unknown
      dapp.provider.on('session_delete', (payload: unknown) => (deleted = payload))
      dapp.provider.on('disconnect', (payload: unknown) => resolve([deleted, payload]))
    })
    await wallet.disconnect()
    const [deleted, disconnected] = await events
    expect(deleted).toMatchObject({ topic })
    expect(disconnected).toMatchObject({ message: 'User disconnected.', data: topic })
    expect(dapp.provider.session).toBeUndefined()
  })
})

describe('resilience', () => {
  test('behavior: the relay drops every socket, the SDK reconnects and a request still succeeds', async () => {
    const { dapp, wallet } = await paired()
    const resubscribed = () => relay.received.filter((m) => m === 'irn_batchSubscribe').length
    const before = resubscribed()
    relay.dropAllSockets()
    expect(relay.connectedClients()).toEqual([])
    // Both clients come back on their own (the SDK retries 100 ms after a close) and resubscribe.
    const started = performance.now()
    while (relay.connectedClients().length < 2 || resubscribed() < before + 2) {
      expect(performance.now() - started, 'reconnect took too long').toBeLessThan(5_000)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const signature = await personalSign(dapp, 'after the drop')
    expect(await verifyMessage({ address: DEV.address, message: 'after the drop', signature })).toBe(true)
    expect(wallet.requests).toEqual(['personal_sign'])
  })

  test('behavior: a second provider on the same storage restores the session without pairing again', async () => {
    const { dapp, topic } = await paired()
    await dapp.close()
    const receivedBefore = relay.received.filter((m) => m === 'wc_proposeSession').length
    const reloaded = await createTestDapp({ relayUrl: relay.url, rpcMap: { 31337: anvil.rpcUrl }, storage: dapp.storage, prefix: dapp.prefix })
    open.push(reloaded)
    expect(reloaded.provider.session?.topic).toBe(topic)
    const signature = await personalSign(reloaded, 'restored')
    expect(await verifyMessage({ address: DEV.address, message: 'restored', signature })).toBe(true)
    expect(relay.received.filter((m) => m === 'wc_proposeSession').length).toBe(receivedBefore)
  })

  test('behavior: switching to approved 31338 is local (chainChanged), a transaction lands there; an unknown chain reaches the wallet and fails 4902', async () => {
    const anvil2 = await startAnvil({ port: await freePort(), chainId: 31338 })
    open.push({ close: () => anvil2.stop() })
    const rpcMap = { 31337: anvil.rpcUrl, 31338: anvil2.rpcUrl }
    const [dapp, wallet] = await Promise.all([createTestDapp({ relayUrl: relay.url, rpcMap }), createWcWallet({ relayUrl: relay.url, rpcUrl: rpcMap, privateKey: DEV.privateKey })])
    open.push(dapp, wallet)
    const { uri, session } = await dapp.connect()
    await Promise.all([wallet.pair(uri), session])
    expect(dapp.provider.session?.namespaces.eip155?.chains).toEqual(['eip155:31337', 'eip155:31338'])
    const changed = new Promise<unknown>((resolve) => dapp.provider.on('chainChanged', resolve))
    expect(await dapp.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }, 'eip155:31337')).toBeNull()
    expect(Number(await changed)).toBe(31338)
    const chain2 = createPublicClient({ transport: http(anvil2.rpcUrl) })
    const hash = await dapp.provider.request<Hex>({ method: 'eth_sendTransaction', params: [{ from: DEV.address, to: RECIPIENT, value: '0x1' }] }, 'eip155:31338')
    expect((await chain2.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
    // A chain outside the session goes to the wallet, which refuses it with 4902 as wallets do.
    await expect(dapp.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }, 'eip155:31337')).rejects.toMatchObject({ code: 4902, message: 'Unrecognized chain ID 1.' })
    expect(wallet.requests).toEqual(['eth_sendTransaction', 'wallet_switchEthereumChain'])
  })

  test('behavior: chainChanged from the wallet reaches the dapp', async () => {
    const { dapp, wallet } = await paired()
    const changed = new Promise<unknown>((resolve) => dapp.provider.on('chainChanged', resolve))
    await wallet.emitChainChanged(31337)
    expect(Number(await changed)).toBe(31337)
  })
})
