import { verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS, freePort, startAnvil, type Anvil } from '../../examples/devnet/anvil.js'
import { createDevWallet, describeMessage, formatEther, type ConsentKind, type DevWallet, type DevWalletStorage } from '../../examples/devnet/devWallet/provider.js'
import { signTypedDataRequest, utf8ToHex } from '../../examples/react-dapp/requests.js'
import { startTogether } from '../support/startTogether.js'

let anvil: Anvil
let anvil2: Anvil
beforeAll(async () => {
  ;[anvil, anvil2] = await startTogether([startAnvil({ port: await freePort(), chainId: 31337 }), startAnvil({ port: await freePort(), chainId: 31338 })])
})
afterAll(() => Promise.all([anvil?.stop(), anvil2?.stop()]))

const address = ANVIL_ACCOUNTS[0].address
const open: DevWallet[] = []
afterEach(() => {
  for (const wallet of open.splice(0)) wallet.destroy()
})

function makeWallet(storage?: DevWalletStorage): DevWallet {
  const wallet = createDevWallet({
    address,
    chains: [
      { chainId: 31337, rpcUrl: anvil.rpcUrl, name: 'Airlock Devnet' },
      { chainId: 31338, rpcUrl: anvil2.rpcUrl, name: 'Airlock Devnet 2' },
    ],
    ...(storage ? { storage } : {}),
  })
  open.push(wallet)
  return wallet
}

/** Answers the next consent request of `kind` (the person clicking Approve or Reject). */
function answer(wallet: DevWallet, kind: ConsentKind, approve = true): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const request = wallet.snapshot().pending[0]
      if (!request) return
      unsubscribe()
      if (request.kind !== kind) return reject(new Error(`expected a ${kind} request, got ${request.kind}`))
      if (approve) wallet.approve(request.id)
      else wallet.reject(request.id)
      resolve()
    }
    const unsubscribe = wallet.subscribe(check)
    check()
  })
}

async function connected(): Promise<DevWallet> {
  const wallet = makeWallet()
  const [accounts] = await Promise.all([wallet.provider.request({ method: 'eth_requestAccounts' }), answer(wallet, 'connect')])
  expect(accounts).toEqual([address])
  return wallet
}

/** anvil mines right away, but the receipt can show up a moment after the hash. */
async function receipt(chain: Anvil, hash: unknown): Promise<unknown> {
  for (let i = 0; i < 100; i++) {
    const found = await chain.rpc('eth_getTransactionReceipt', [hash])
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return null
}

function events(wallet: DevWallet) {
  const seen: [string, unknown][] = []
  for (const name of ['accountsChanged', 'chainChanged']) wallet.provider.on(name, (value) => seen.push([name, value]))
  return seen
}

describe('dev wallet provider', () => {
  test('default: no accounts before consent; starts on 31337', async () => {
    const wallet = makeWallet()
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await wallet.provider.request({ method: 'eth_blockNumber' })).toMatch(/^0x/)
    await expect(wallet.provider.request({ method: 'personal_sign', params: ['0x00', address] })).rejects.toMatchObject({ code: 4100 })
  })

  test('behavior: connect asks once, emits accountsChanged, then answers without asking', async () => {
    const wallet = makeWallet()
    const seen = events(wallet)
    const pending = wallet.provider.request({ method: 'eth_requestAccounts' })
    await Promise.resolve()
    expect(wallet.snapshot().pending.map((p) => [p.kind, p.title])).toEqual([['connect', 'Connect to this site']])
    await answer(wallet, 'connect')
    expect(await pending).toEqual([address])
    expect(seen).toEqual([['accountsChanged', [address]]])
    expect(await wallet.provider.request({ method: 'eth_requestAccounts' })).toEqual([address])
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([address])
  })

  test('behavior: a second eth_requestAccounts while one waits shares the same consent', async () => {
    const wallet = makeWallet()
    const first = wallet.provider.request({ method: 'eth_requestAccounts' })
    const second = wallet.provider.request({ method: 'eth_requestAccounts' })
    await Promise.resolve()
    expect(wallet.snapshot().pending).toHaveLength(1)
    await answer(wallet, 'connect')
    expect(await Promise.all([first, second])).toEqual([[address], [address]])
  })

  test('error: Reject answers 4001 "User rejected the request."', async () => {
    const wallet = makeWallet()
    const [result] = await Promise.allSettled([wallet.provider.request({ method: 'eth_requestAccounts' }), answer(wallet, 'connect', false)])
    expect(result).toMatchObject({ status: 'rejected', reason: { code: 4001, message: 'User rejected the request.' } })
    expect(wallet.snapshot().pending).toEqual([])
  })

  test('behavior: personal_sign and eth_signTypedData_v4 are signed by anvil with the dev account', async () => {
    const wallet = await connected()
    const message = 'Hello dev wallet'
    const [signature] = await Promise.all([wallet.provider.request({ method: 'personal_sign', params: [utf8ToHex(message), address] }), answer(wallet, 'sign')])
    expect(await verifyMessage({ address, message, signature: signature as Hex })).toBe(true)

    const typed = signTypedDataRequest(address, 31337)
    const [typedSignature] = await Promise.all([wallet.provider.request(typed), answer(wallet, 'signTypedData')])
    const data = JSON.parse(typed.params[1]!) as Parameters<typeof verifyTypedData>[0]
    expect(await verifyTypedData({ ...data, address, signature: typedSignature as Hex })).toBe(true)

    await expect(wallet.provider.request(signTypedDataRequest(address, 1))).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('must match the active chainId') })
    await expect(wallet.provider.request({ method: 'personal_sign', params: ['0x00', ANVIL_ACCOUNTS[1].address] })).rejects.toMatchObject({ code: 4100 })
  })

  test('behavior: eth_sendTransaction lands on the current chain', async () => {
    const wallet = await connected()
    const to = ANVIL_ACCOUNTS[1].address
    const before = BigInt(await anvil.rpc<string>('eth_getBalance', [to, 'latest']))
    const [hash] = await Promise.all([wallet.provider.request({ method: 'eth_sendTransaction', params: [{ from: address, to, value: '0x2386f26fc10000' }] }), answer(wallet, 'send')])
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await receipt(anvil, hash)).toMatchObject({ status: '0x1' })
    expect(BigInt(await anvil.rpc<string>('eth_getBalance', [to, 'latest'])) - before).toBe(10n ** 16n)
    await expect(wallet.provider.request({ method: 'eth_sendTransaction', params: [{ from: to, to: address, value: '0x1' }] })).rejects.toMatchObject({ code: 4100 })
  })

  test('behavior: 31338 is unknown (4902) until wallet_addEthereumChain adds it; then switching works both ways', async () => {
    const wallet = await connected()
    const seen = events(wallet)
    await expect(wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).rejects.toMatchObject({ code: 4902 })
    const add = wallet.provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x7a6a', chainName: 'Airlock Devnet 2', rpcUrls: ['http://127.0.0.1:1'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }] })
    await answer(wallet, 'addChain')
    expect(await add).toBeNull()
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    // The page config's RPC wins over the one the site offered.
    expect(wallet.snapshot().knownChains.find((c) => c.chainId === 31338)?.rpcUrl).toBe(anvil2.rpcUrl)
    const [hash] = await Promise.all([wallet.provider.request({ method: 'eth_sendTransaction', params: [{ from: address, to: ANVIL_ACCOUNTS[2].address, value: '0x1' }] }), answer(wallet, 'send')])
    expect(await receipt(anvil2, hash)).toMatchObject({ status: '0x1' })
    const back = wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    await answer(wallet, 'switch')
    expect(await back).toBeNull()
    expect(seen).toEqual([
      ['chainChanged', '0x7a6a'],
      ['chainChanged', '0x7a69'],
    ])
    await expect(wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'nope' }] })).rejects.toMatchObject({ code: -32602 })
  })

  test('behavior: moving to an unknown chain, locking and revoking emit events; reads fail clearly off-chain', async () => {
    const wallet = await connected()
    const seen = events(wallet)
    wallet.moveToChain(999)
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe('0x3e7')
    await expect(wallet.provider.request({ method: 'eth_getBalance', params: [address, 'latest'] })).rejects.toMatchObject({ code: 4901 })
    wallet.moveToChain(31337)
    wallet.lock()
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(wallet.provider.request({ method: 'personal_sign', params: ['0x00', address] })).rejects.toMatchObject({ code: 4100 })
    wallet.unlock()
    expect(await wallet.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull()
    expect(seen).toEqual([
      ['chainChanged', '0x3e7'],
      ['chainChanged', '0x7a69'],
      ['accountsChanged', []],
      ['accountsChanged', [address]],
      ['accountsChanged', []],
    ])
    await expect(wallet.provider.request({ method: 'eth_sign', params: [address, '0x00'] })).rejects.toMatchObject({ code: 4200 })
  })

  test('behavior: the permission and chain survive a reload; corrupt storage is ignored', async () => {
    const store = new Map<string, string>()
    const storage: DevWalletStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) }
    const first = makeWallet(storage)
    await Promise.all([first.provider.request({ method: 'eth_requestAccounts' }), answer(first, 'connect')])
    const reloaded = makeWallet(storage)
    expect(await reloaded.provider.request({ method: 'eth_accounts' })).toEqual([address])
    store.set('airlock-dev-wallet', '{not json')
    expect(await makeWallet(storage).provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  test('unit: message and value formatting', () => {
    expect(describeMessage(utf8ToHex('hi\nthere'))).toBe('hi\nthere')
    expect(describeMessage('0x0001ff')).toBe('0x0001ff')
    expect(formatEther('0x2386f26fc10000')).toBe('0.01')
    expect(formatEther(undefined)).toBe('0')
    expect(formatEther(10n ** 18n * 3n + 5n)).toBe('3')
  })
})
