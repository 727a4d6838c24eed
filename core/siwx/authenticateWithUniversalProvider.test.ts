import type { SchedulerLike } from 'rxjs'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test, vi } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { authenticateWithUniversalProvider, ONE_CLICK_METHODS, type UniversalAuthenticateParams, type UniversalProviderLike } from './authenticateWithUniversalProvider.js'
import { createDefaultSiwx } from './createDefaultSiwx.js'
import { createLocalSessionStore } from './createLocalSessionStore.js'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import type { Cacao, SiwxConfig, SiwxMessageData, SiwxSession } from './types.js'

const NOW = Date.parse('2026-03-01T12:00:00Z')
const account = privateKeyToAccount(ANVIL_ACCOUNTS[2].privateKey)
const base = { domain: 'dapp.example', uri: 'https://dapp.example/', issuedAt: new Date(NOW).toISOString() }

/** A wallet answering `authenticate` with one signed CACAO per requested chain. */
function oneClickWallet(signer = account): UniversalProviderLike & { params?: UniversalAuthenticateParams } {
  const wallet: UniversalProviderLike & { params?: UniversalAuthenticateParams } = {
    authenticate: vi.fn(async (params: UniversalAuthenticateParams) => {
      wallet.params = params
      const auths: Cacao[] = []
      for (const chain of params.chains) {
        const p = { iss: `did:pkh:${chain}:${signer.address}`, domain: params.domain, aud: params.uri, version: params.version, nonce: params.nonce, iat: params.iat!, exp: params.exp, statement: params.statement }
        const text = formatSiwxMessage({ accountAddress: signer.address, chainId: chain, domain: p.domain, uri: p.aud, version: '1', nonce: p.nonce, issuedAt: p.iat, ...(p.exp ? { expirationTime: p.exp } : {}), ...(p.statement ? { statement: p.statement } : {}) })
        auths.push({ h: { t: 'caip122' }, p, s: { t: 'eip191', s: await signer.signMessage({ message: text }) } })
      }
      return { auths, session: {} }
    }),
  }
  return wallet
}

/** A config that only hands out `template` and records what setSessions receives, to see the CACAO mapping itself. */
function recordingSiwx(template: Partial<SiwxMessageData> = {}) {
  const stored: SiwxSession[][] = []
  const siwx: SiwxConfig = {
    createMessage: async () => ({ accountAddress: '', chainId: 'eip155:1', domain: base.domain, uri: base.uri, version: '1', nonce: 'Nonce12345', issuedAt: base.issuedAt, ...template, toString: () => 'template' }),
    addSession: async () => undefined,
    getSessions: async () => [],
    revokeSession: async () => undefined,
    setSessions: async (sessions) => void stored.push(sessions),
    getRequired: () => false,
  }
  return { siwx, stored }
}

/** A wallet answering `authenticate` with fixed CACAOs (signatures are not checked by recordingSiwx). */
function answering(answer: Awaited<ReturnType<UniversalProviderLike['authenticate']>>, client?: UniversalProviderLike['client']) {
  const provider = { params: undefined as UniversalAuthenticateParams | undefined, authenticate: async (params: UniversalAuthenticateParams) => ((provider.params = params), answer), ...(client ? { client } : {}) }
  return provider
}

const ADDRESS = account.address
const cacaoOf = (p: Partial<Cacao['p']>): Cacao => ({
  h: { t: 'caip122' },
  p: { iss: `did:pkh:eip155:1:${ADDRESS}`, domain: base.domain, aud: base.uri, nonce: 'Nonce12345', iat: base.issuedAt, ...p },
  s: { t: 'eip191', s: '0xsig' },
})

function defaultSiwx() {
  return createDefaultSiwx({ statement: 'One click', storage: createLocalSessionStore({ localStorage: null }), scheduler: { now: () => NOW } as unknown as SchedulerLike })
}

describe('authenticateWithUniversalProvider', () => {
  test('default: every chain eip155: one authenticate call, every CACAO verified and stored', async () => {
    const siwx = defaultSiwx()
    const wallet = oneClickWallet()
    expect(await authenticateWithUniversalProvider({ provider: wallet, siwx, chains: ['eip155:1', 'eip155:8453'], ...base })).toBe(true)
    expect(wallet.params).toMatchObject({ domain: 'dapp.example', uri: 'https://dapp.example/', version: '1', chainId: 'eip155:1', chains: ['eip155:1', 'eip155:8453'], methods: [...ONE_CLICK_METHODS], iat: base.issuedAt, statement: 'One click' })
    expect(wallet.params?.nonce).toMatch(/^[A-Za-z0-9]{16}$/)
    // The config's default session: 24 h after its clock's now (2026-03-01T12:00Z).
    expect(wallet.params?.exp).toBe('2026-03-02T12:00:00.000Z')
    expect(await siwx.getSessions('eip155:1', account.address)).toHaveLength(1)
    expect(await siwx.getSessions('eip155:8453', account.address)).toHaveLength(1)
    // The CACAO the wallet returned is kept with its session.
    const [stored] = await siwx.getSessions('eip155:8453', account.address)
    expect(stored?.cacao?.p.iss).toBe(`did:pkh:eip155:8453:${account.address}`)
    expect(stored?.cacao?.s.s).toBe(stored?.signature)
  })

  test("parameters: the template's times, request id, statement and resources go to the wallet", async () => {
    const { siwx } = recordingSiwx({ expirationTime: '2026-03-02T12:00:00.000Z', notBefore: '2026-03-01T12:00:00.000Z', requestId: 'req-1', statement: 'Hi', resources: ['https://dapp.example/terms'] })
    const wallet = answering({ auths: [cacaoOf({})] })
    expect(await authenticateWithUniversalProvider({ provider: wallet, siwx, chains: ['eip155:1'], methods: ['personal_sign'], ...base })).toBe(true)
    expect(wallet.params).toStrictEqual({
      nonce: 'Nonce12345', domain: base.domain, uri: base.uri, version: '1', chainId: 'eip155:1', methods: ['personal_sign'], chains: ['eip155:1'],
      exp: '2026-03-02T12:00:00.000Z', iat: base.issuedAt, nbf: '2026-03-01T12:00:00.000Z', requestId: 'req-1', statement: 'Hi', resources: ['https://dapp.example/terms'],
    })
  })

  test.each([
    ['no answer', undefined],
    ['no auths', {}],
    ['an empty auths', { auths: [] }],
  ])('behavior: a wallet that signs in with %s throws and stores nothing', async (_name, answer) => {
    const { siwx, stored } = recordingSiwx()
    await expect(authenticateWithUniversalProvider({ provider: answering(answer), siwx, chains: ['eip155:1'], ...base })).rejects.toMatchObject({ name: 'AirlockError', shortMessage: 'The wallet signed in without returning any signed message' })
    expect(stored).toEqual([])
  })

  test('behavior: every field of the CACAO payload becomes the session data; non-string fields and resources are dropped', async () => {
    const { siwx, stored } = recordingSiwx()
    const full = cacaoOf({ iss: `did:pkh:eip155:8453:${ADDRESS}`, version: '2', exp: '2026-03-02T12:00:00Z', nbf: '2026-03-01T12:00:00Z', requestId: 'req-1', statement: 'Hi', resources: ['https://dapp.example/a', 5, 'https://dapp.example/b'] })
    // No version (the template's is used), and fields of the wrong type, as a sloppy wallet may send.
    const sloppy = cacaoOf({ exp: 123, nbf: null, requestId: 7, statement: 42, resources: [7] })
    const odd = cacaoOf({ resources: 'https://dapp.example/a' })
    // The wallet's client formats the text, so data this kit would not format (version 2) still maps.
    const client = { formatAuthMessage: () => 'signed text' }
    expect(await authenticateWithUniversalProvider({ provider: answering({ auths: [full, sloppy, odd] }, client), siwx, chains: ['eip155:1'], ...base })).toBe(true)
    const common = { accountAddress: ADDRESS, domain: base.domain, uri: base.uri, nonce: 'Nonce12345', issuedAt: base.issuedAt }
    expect(stored[0]!.map((session) => session.data)).toStrictEqual([
      { ...common, chainId: 'eip155:8453', version: '2', expirationTime: '2026-03-02T12:00:00Z', notBefore: '2026-03-01T12:00:00Z', requestId: 'req-1', statement: 'Hi', resources: ['https://dapp.example/a', 'https://dapp.example/b'] },
      { ...common, chainId: 'eip155:1', version: '1' },
      { ...common, chainId: 'eip155:1', version: '1' },
    ])
    expect(stored[0]!.map((session) => [session.signature, session.cacao])).toStrictEqual([['0xsig', full], ['0xsig', sloppy], ['0xsig', odd]])
  })

  test("behavior: the signed text is the wallet client's formatAuthMessage when it has one, else formatSiwxMessage", async () => {
    const cacao = cacaoOf({ statement: 'Hi' })
    const formatAuthMessage = vi.fn(() => 'as the wallet formats it')
    const withFormatter = recordingSiwx()
    await authenticateWithUniversalProvider({ provider: answering({ auths: [cacao] }, { formatAuthMessage }), siwx: withFormatter.siwx, chains: ['eip155:1'], ...base })
    expect(formatAuthMessage).toHaveBeenCalledWith({ request: cacao.p, iss: cacao.p.iss })
    expect(withFormatter.stored[0]![0]!.message).toBe('as the wallet formats it')
    // A client without the formatter (older WalletConnect builds): the message is formatted here.
    const without = recordingSiwx()
    await authenticateWithUniversalProvider({ provider: answering({ auths: [cacao] }, {}), siwx: without.siwx, chains: ['eip155:1'], ...base })
    const [session] = without.stored[0]!
    expect(session!.message).toBe(formatSiwxMessage(session!.data))
  })

  const did = `did:pkh:eip155:1:${ADDRESS}`
  test.each([
    ['text before the did', `x${did}`],
    ['text after the address', `${did}${'0'.repeat(40)}`],
    ['a non-EVM account', 'did:pkh:solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'],
    ['a short address', `did:pkh:eip155:1:${ADDRESS.slice(0, 41)}`],
  ])('behavior: a CACAO whose iss has %s is refused, naming up to 80 characters of it', async (_name, iss) => {
    const { siwx, stored } = recordingSiwx()
    await expect(authenticateWithUniversalProvider({ provider: answering({ auths: [cacaoOf({ iss })] }), siwx, chains: ['eip155:1'], ...base })).rejects.toMatchObject({
      name: 'AirlockError',
      shortMessage: 'The signed message names no EVM account',
      details: iss.slice(0, 80),
    })
    expect(stored).toEqual([])
  })

  test('behavior: a chain that is not eip155 falls back to connect-then-sign', async () => {
    const wallet = oneClickWallet()
    expect(await authenticateWithUniversalProvider({ provider: wallet, siwx: defaultSiwx(), chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], ...base })).toBe(false)
    expect(await authenticateWithUniversalProvider({ provider: wallet, siwx: defaultSiwx(), chains: [], ...base })).toBe(false)
    expect(wallet.authenticate).not.toHaveBeenCalled()
  })

  test('behavior: a CACAO the config cannot verify stores nothing', async () => {
    const siwx = defaultSiwx()
    const wallet = oneClickWallet()
    const lying: UniversalProviderLike = {
      authenticate: async (params) => {
        const result = await wallet.authenticate(params)
        const [first] = result!.auths!
        // Signed by account 2, claimed for account 0.
        return { auths: [{ ...first!, p: { ...first!.p, iss: `did:pkh:eip155:1:${ANVIL_ACCOUNTS[0].address}` } }] }
      },
    }
    await expect(authenticateWithUniversalProvider({ provider: lying, siwx, chains: ['eip155:1'], ...base })).rejects.toMatchObject({ code: 'invalid_signature' })
    expect(await siwx.getSessions('eip155:1', ANVIL_ACCOUNTS[0].address)).toEqual([])
  })
})
