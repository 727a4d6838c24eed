import { Keypair } from '@solana/web3.js'
import { from, lastValueFrom, toArray } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Action } from '../actions/types.js'
import { airlockDevnet, airlockDevnet2, airlockSolanaLocal } from '../chains/networks.js'
import { unsignedTransaction } from '../chains/solana/solanaMessage.js'
import type { ChainNamespace } from '../chains/types.js'
import type { Eip1193Provider } from '../connectors/providerRegistry.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import type { Epic } from '../store/types.js'
import { marbleDeps } from '../../tests/support/epicHarness.js'
import { initialState, reduce, stateFollowing } from '../../tests/support/state.js'
import { nftImagesEpic, portfolioEpic, sendEpic } from './portfolioEpics.js'
import { transferMessage } from './solanaTransfer.js'
import type { SendSummary, SendTransaction } from './types.js'

// These epics await promises (the wallet, fetch): they run to completion on real microtasks, with
// the test scheduler only as the clock they read (nothing here waits on time).

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const SOL_FROM = Keypair.fromSeed(new Uint8Array(32).fill(1)).publicKey.toBase58()
const SOL_TO = Keypair.fromSeed(new Uint8Array(32).fill(2)).publicKey.toBase58()
const HASH = `0x${'1f'.repeat(32)}`
/** A Solana transaction signature as wallets answer (base58 of 64 bytes, 88 characters). */
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
const BLOCKHASH = 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k'
const NOW = Date.UTC(2026, 0, 2, 3, 4, 5)
const ORIGIN = 'http://127.0.0.1:8787'

const state = (): AirlockState => initialState({ networks: [airlockDevnet, airlockDevnet2, airlockSolanaLocal] })
const evmConnected = () => reduce(state(), { type: 'connection/accountConnected', namespace: 'eip155', caipAddress: `eip155:31337:${A}`, connectorId: 'evm.test' })
const solanaConnected = () => reduce(state(), { type: 'connection/accountConnected', namespace: 'solana', caipAddress: `${airlockSolanaLocal.caipNetworkId}:${SOL_FROM}`, connectorId: 'sol.test' })

const evmTx: SendTransaction = { namespace: 'eip155', from: A, to: B, value: '0x6f05b59d3b20000' }
const evmSummary: SendSummary = { amount: '0.5', symbol: 'ETH', name: 'Ether', iconUrl: `${ORIGIN}/eth.png`, receiver: 'bob.airlock.id', to: B, chain: 'eip155:31337', from: A }
const solTx: SendTransaction = { namespace: 'solana', from: SOL_FROM, to: SOL_TO, lamports: '1000000' }
const solSummary: SendSummary = { amount: '0.001', symbol: 'SOL', name: 'Solana', iconUrl: `${ORIGIN}/sol.png`, receiver: SOL_TO, to: SOL_TO, chain: airlockSolanaLocal.caipNetworkId, from: SOL_FROM }
const send = (transaction: SendTransaction, summary: SendSummary): Action => ({ type: 'send/requested', transaction, summary })
const sendFailed = (message: string, code?: number): Action => ({ type: 'send/failed', error: code === undefined ? { message } : { message, code } })

/** A wallet answering every request with `answer` (or rejecting with `reject`), recording what it was asked. */
function wallet(answer: unknown, reject?: unknown) {
  const calls: { method: string; params?: unknown }[] = []
  const provider: Eip1193Provider = {
    request: async ({ method, params }) => {
      calls.push({ method, params })
      if (reject !== undefined) throw reject
      return answer
    },
  }
  return { provider, calls }
}

/** Runs an epic over the given actions to its end; every output, in order. */
async function outputs(epic: Epic<Action, AirlockState, AirlockDeps>, actions: Action[], initial: AirlockState, providers: Record<string, Eip1193Provider> = {}): Promise<Action[]> {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
  scheduler.frame = NOW
  return lastValueFrom(epic(from(actions), stateFollowing(initial).state$, marbleDeps(scheduler, providers)).pipe(toArray()))
}

/** The Solana RPC of the local network: a blockhash and a fee. */
function solanaRpcStub() {
  const methods: string[] = []
  vi.stubGlobal('fetch', async (_url: string, init: { body: string }) => {
    const { method } = JSON.parse(init.body) as { method: string }
    methods.push(method)
    const result = method === 'getLatestBlockhash' ? { context: { slot: 1 }, value: { blockhash: BLOCKHASH, lastValidBlockHeight: 9 } } : { context: { slot: 1 }, value: 5000 }
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result }), { headers: { 'content-type': 'application/json' } })
  })
  return methods
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('sendEpic (SPEC 5 Send)', () => {
  test('default (EVM): the wallet is asked eth_sendTransaction with the transaction; the sent transaction shows in Activity and both balances are fetched again (forced)', async () => {
    const { provider, calls } = wallet(HASH)
    const out = await outputs(sendEpic('eip155'), [send(evmTx, evmSummary)], evmConnected(), { 'evm.test': provider })
    expect(calls).toEqual([{ method: 'eth_sendTransaction', params: [{ from: A, to: B, value: '0x6f05b59d3b20000' }] }])
    expect(out).toEqual([
      { type: 'send/succeeded', hash: HASH },
      {
        type: 'activity/transactionSent',
        transaction: {
          id: HASH,
          hash: HASH,
          minedAt: '2026-01-02T03:04:05.000Z',
          chain: 'eip155:31337',
          operationType: 'send',
          status: 'pending',
          sentFrom: A,
          sentTo: B,
          transfers: [{ direction: 'out', quantity: { numeric: '0.5' }, fungible: { name: 'Ether', symbol: 'ETH', iconUrl: `${ORIGIN}/eth.png` }, spam: false }],
          pending: true,
        },
      },
      { type: 'balance/fetchRequested', caipAddress: `eip155:31337:${A}`, force: true },
      { type: 'portfolio/fetchRequested', resource: 'tokens', key: `eip155:31337:${A}`, force: true },
    ])
  })

  test('default (Solana): the transfer is built from the RPC blockhash and the wallet asked to sign and send it; its signature is the hash', async () => {
    const methods = solanaRpcStub()
    const { provider, calls } = wallet({ signature: SIGNATURE })
    const out = await outputs(sendEpic('solana'), [send(solTx, solSummary)], solanaConnected(), { 'sol.test': provider })
    expect(methods).toEqual(['getLatestBlockhash', 'getFeeForMessage'])
    expect(calls).toEqual([{ method: 'solana_signAndSendTransaction', params: { transaction: unsignedTransaction(transferMessage(SOL_FROM, SOL_TO, BLOCKHASH, 1_000_000n)), pubkey: SOL_FROM } }])
    expect(out.slice(0, 1)).toEqual([{ type: 'send/succeeded', hash: SIGNATURE }])
    expect(out.slice(2)).toEqual([
      { type: 'balance/fetchRequested', caipAddress: `${airlockSolanaLocal.caipNetworkId}:${SOL_FROM}`, force: true },
      { type: 'portfolio/fetchRequested', resource: 'tokens', key: `${airlockSolanaLocal.caipNetworkId}:${SOL_FROM}`, force: true },
    ])
  })

  test.each([
    ['a short hex string', '0x12'],
    ['no answer', undefined],
    // A list whose text is a hash is still no hash.
    ['the hash in a list', [HASH]],
    ['a hash with a character too many', `${HASH}0`],
  ])("error (EVM): %s instead of a hash fails with 'The wallet returned no transaction hash'", async (_why, answer) => {
    const { provider } = wallet(answer)
    expect(await outputs(sendEpic('eip155'), [send(evmTx, evmSummary)], evmConnected(), { 'evm.test': provider })).toEqual([sendFailed('The wallet returned no transaction hash')])
  })

  test.each([
    ['no answer', null],
    ['an answer without a signature', {}],
    ['the signature in a list', { signature: [SIGNATURE] }],
    ['a character outside base58 before it', { signature: `0${SIGNATURE.slice(1)}` }],
    ['a character outside base58 after it', { signature: `${SIGNATURE}0` }],
    ['63 characters', { signature: SIGNATURE.slice(0, 63) }],
  ])("error (Solana): %s fails with 'The wallet returned no transaction signature'", async (_why, answer) => {
    solanaRpcStub()
    const { provider } = wallet(answer)
    expect(await outputs(sendEpic('solana'), [send(solTx, solSummary)], solanaConnected(), { 'sol.test': provider })).toEqual([sendFailed('The wallet returned no transaction signature')])
  })

  test('edge (Solana): a 64-character signature is taken', async () => {
    solanaRpcStub()
    const { provider } = wallet({ signature: SIGNATURE.slice(0, 64) })
    const out = await outputs(sendEpic('solana'), [send(solTx, solSummary)], solanaConnected(), { 'sol.test': provider })
    expect(out[0]).toEqual({ type: 'send/succeeded', hash: SIGNATURE.slice(0, 64) })
  })

  test("error: a wallet failure says 'The transaction was not sent' unless it has a message; a rejection reads 'User rejected the request.'", async () => {
    const silent = wallet(undefined, { code: -32603 })
    expect(await outputs(sendEpic('eip155'), [send(evmTx, evmSummary)], evmConnected(), { 'evm.test': silent.provider })).toEqual([sendFailed('The transaction was not sent', -32603)])
    const declined = wallet(undefined, { code: 4001, message: 'MetaMask Tx Signature: User denied transaction signature.' })
    expect(await outputs(sendEpic('eip155'), [send(evmTx, evmSummary)], evmConnected(), { 'evm.test': declined.provider })).toEqual([sendFailed('User rejected the request.', 4001)])
  })

  test("edge: without a connected wallet 'Connect a wallet first'; a chain the app does not list 'Unsupported chain'; the wallet is not asked", async () => {
    const { provider, calls } = wallet(HASH)
    expect(await outputs(sendEpic('eip155'), [send(evmTx, evmSummary)], state(), { 'evm.test': provider })).toEqual([sendFailed('Connect a wallet first')])
    // Connected, but its wallet is gone from the registry.
    expect(await outputs(sendEpic('eip155'), [send(evmTx, evmSummary)], evmConnected(), {})).toEqual([sendFailed('Connect a wallet first')])
    expect(await outputs(sendEpic('eip155'), [send(evmTx, { ...evmSummary, chain: 'eip155:1' })], evmConnected(), { 'evm.test': provider })).toEqual([sendFailed('Unsupported chain')])
    // Another of the app's chains than the first is found.
    expect(await outputs(sendEpic('eip155'), [send(evmTx, { ...evmSummary, chain: 'eip155:31338' })], evmConnected(), { 'evm.test': provider })).toMatchObject([{ type: 'send/succeeded' }, {}, {}, {}])
    expect(calls).toHaveLength(1)
  })

  test("behavior: each family's instance sends its own family's transactions only; one send at a time", async () => {
    const evm = wallet(HASH)
    const sol = wallet({ signature: SIGNATURE })
    const both = reduce(evmConnected(), { type: 'connection/accountConnected', namespace: 'solana', caipAddress: `${airlockSolanaLocal.caipNetworkId}:${SOL_FROM}`, connectorId: 'sol.test' })
    const providers = { 'evm.test': evm.provider, 'sol.test': sol.provider }
    expect(await outputs(sendEpic('eip155'), [send(solTx, solSummary)], both, providers)).toEqual([])
    expect(await outputs(sendEpic('solana'), [send(evmTx, evmSummary)], both, providers)).toEqual([])
    expect([...evm.calls, ...sol.calls]).toEqual([])
    // A second request while the wallet answers the first is dropped (exhaustMap).
    const out = await outputs(sendEpic('eip155'), [send(evmTx, evmSummary), send(evmTx, { ...evmSummary, amount: '9' })], both, providers)
    expect(out.map((a) => a.type)).toEqual(['send/succeeded', 'activity/transactionSent', 'balance/fetchRequested', 'portfolio/fetchRequested'])
    expect(evm.calls).toHaveLength(1)
  })
})

describe('portfolioEpic (the account data epics of one family)', () => {
  const registration: Action = { type: 'names/registrationRequested', label: 'alice' }
  test.each([
    // Not connected: Send and name registration answer at once, which shows which epics run.
    ['eip155', [sendFailed('Connect a wallet first'), { type: 'names/registrationFailed', name: 'alice.airlock.id', error: { message: 'Error registering name alice.airlock.id' } }]],
    ['solana', [sendFailed('Connect a wallet first')]],
    ['bip122', []],
  ] as [ChainNamespace, Action[]][])('%s: Send for eip155 and solana (each its own transactions), names for eip155 only', async (namespace, expected) => {
    const tx = namespace === 'solana' ? [send(solTx, solSummary), send(evmTx, evmSummary)] : [send(evmTx, evmSummary), send(solTx, solSummary)]
    const out = await outputs(portfolioEpic(namespace), [...tx, registration], state())
    expect(out).toHaveLength(expected.length)
    expect(out).toEqual(expect.arrayContaining(expected))
  })
})

describe('nftImagesEpic with its default loader (fetch)', () => {
  test('behavior: an image counts as loaded only when the response is OK and says image/*; the load can be aborted', async () => {
    const responses: Record<string, () => Response> = {
      [`${ORIGIN}/ok.png`]: () => new Response('png', { headers: { 'content-type': 'image/png' } }),
      [`${ORIGIN}/page.html`]: () => new Response('<html>', { headers: { 'content-type': 'text/html' } }),
      [`${ORIGIN}/gone.png`]: () => new Response('png', { status: 404, headers: { 'content-type': 'image/png' } }),
      [`${ORIGIN}/bare`]: () => new Response(null, { status: 200 }),
    }
    const signals: unknown[] = []
    vi.stubGlobal('fetch', async (url: string, init: { signal?: unknown }) => {
      signals.push(init.signal)
      return responses[url]!()
    })
    const nfts = Object.keys(responses).map((imageUrl, i) => ({ id: `eip155:31337:0xc:${i}`, name: `#${i}`, tokenId: String(i), chainId: 'eip155:31337', collection: { name: 'C', address: 'eip155:31337:0xc' }, imageUrl }))
    const listed = { type: 'portfolio/fetched', resource: 'nfts', key: `eip155:31337:${A}`, data: nfts, at: 0 } as Action
    expect(await outputs(nftImagesEpic('eip155'), [listed], state())).toEqual([
      { type: 'portfolio/nftImagesPreloaded', key: `eip155:31337:${A}`, failed: [`${ORIGIN}/page.html`, `${ORIGIN}/gone.png`, `${ORIGIN}/bare`] },
    ])
    expect(signals).toHaveLength(4)
    for (const signal of signals) expect(signal).toBeInstanceOf(AbortSignal)
  })
})
