import type { SchedulerLike } from 'rxjs'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test, vi } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { authenticateWithUniversalProvider, ONE_CLICK_METHODS, type UniversalAuthenticateParams, type UniversalProviderLike } from './authenticateWithUniversalProvider.js'
import { createDefaultSiwx } from './createDefaultSiwx.js'
import { createLocalSessionStore } from './createLocalSessionStore.js'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import type { Cacao } from './types.js'

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
