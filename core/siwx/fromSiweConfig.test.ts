import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test, vi } from 'vitest'
import type { CaipNetworkId } from '../chains/types.js'
import { BaseError } from '../errors/BaseError.js'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { fromSiweConfig, SIWE_EVM_ONLY_MESSAGE } from './fromSiweConfig.js'
import { pickMessageData } from './siwxMessageSchema.js'
import type { Cacao, SiweConfig, SiweSession, SiwxSession } from './types.js'
import { verifySiwx } from './verifySiwx.js'

const account = privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey)
const input = { accountAddress: account.address, chainId: 'eip155:1' as const, domain: 'dapp.example', uri: 'https://dapp.example/', issuedAt: '2026-03-01T12:00:00.000Z' }

/** A SIWE back end as hosts wrote them: nonces issued and checked with verifySiwx, one session. */
function backEnd(overrides: Partial<SiweConfig> = {}) {
  let session: SiweSession | null = null
  const issued: string[] = []
  const config: SiweConfig = {
    getNonce: vi.fn(async () => {
      issued.push(`BackEnd${issued.length}Nonce`)
      return issued.at(-1)!
    }),
    verifyMessage: vi.fn(async ({ message, signature }) => {
      const result = await verifySiwx({ message, signature, domain: 'dapp.example', nonce: issued.at(-1)!, chainId: 'eip155:1', now: Date.parse('2026-03-01T12:00:30Z') })
      if (result.ok) session = { address: result.address, chainId: Number(result.chainId.split(':')[1]) }
      return result.ok
    }),
    getSession: vi.fn(async () => session),
    signOut: vi.fn(async () => {
      session = null
      return true
    }),
    onSignIn: vi.fn(),
    onSignOut: vi.fn(),
    ...overrides,
  }
  return config
}

describe('fromSiweConfig', () => {
  test('default: nonce from the back end, EIP-4361 text, verified and signed in there', async () => {
    const siwe = backEnd()
    const siwx = fromSiweConfig(siwe)
    const message = await siwx.createMessage(input)
    expect(siwe.getNonce).toHaveBeenCalledWith(account.address)
    expect(message.nonce).toBe('BackEnd0Nonce')
    const text = message.toString()
    expect(text).toContain('dapp.example wants you to sign in with your Ethereum account:')
    expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
    await siwx.addSession({ data: pickMessageData(message), message: text, signature: await account.signMessage({ message: text }) })
    expect(siwe.onSignIn).toHaveBeenCalledWith({ address: account.address, chainId: 1 })
    expect(await siwx.getSessions('eip155:1', account.address.toLowerCase())).toHaveLength(1)
    expect(await siwx.getSessions('eip155:10', account.address)).toEqual([])
    expect(await siwx.getSessions('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', account.address)).toEqual([])
    await siwx.revokeSession('eip155:1', account.address)
    expect(siwe.signOut).toHaveBeenCalled()
    expect(siwe.onSignOut).toHaveBeenCalled()
    expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
  })

  test('behavior: a refused signature throws and signs nobody in', async () => {
    const siwe = backEnd()
    const siwx = fromSiweConfig(siwe)
    const message = await siwx.createMessage(input)
    const text = message.toString()
    const stranger = privateKeyToAccount(ANVIL_ACCOUNTS[1].privateKey)
    await expect(siwx.addSession({ data: pickMessageData(message), message: text, signature: await stranger.signMessage({ message: text }) })).rejects.toThrow('The signature was not accepted')
    expect(siwe.onSignIn).not.toHaveBeenCalled()
  })

  test('parameters: getMessageParams, createMessage and required', async () => {
    const siwe = backEnd({
      getMessageParams: async () => ({ statement: 'Welcome back', exp: '2026-03-02T00:00:00.000Z' }),
      createMessage: (args) => `custom ${args.address} ${args.chainId} ${args.nonce} ${args.statement} ${args.exp}`,
      required: false,
    })
    const siwx = fromSiweConfig(siwe)
    const message = await siwx.createMessage(input)
    expect(message).toMatchObject({ statement: 'Welcome back', expirationTime: '2026-03-02T00:00:00.000Z' })
    expect(message.toString()).toBe(`custom ${account.address} 1 BackEnd0Nonce Welcome back 2026-03-02T00:00:00.000Z`)
    expect(siwx.getRequired()).toBe(false)
    expect(fromSiweConfig(backEnd()).getRequired()).toBe(true)
  })

  test('behavior: EVM only; a line break from the back end is refused', async () => {
    await expect(fromSiweConfig(backEnd()).createMessage({ ...input, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).rejects.toThrow(SIWE_EVM_ONLY_MESSAGE)
    const siwx = fromSiweConfig(backEnd({ getMessageParams: async () => ({ statement: 'hi\nURI: https://evil.example' }) }))
    await expect(siwx.createMessage(input)).rejects.toThrow('Invalid sign-in message')
  })

  test('behavior: setSessions([]) signs out', async () => {
    const siwe = backEnd()
    const siwx = fromSiweConfig(siwe)
    await siwx.setSessions([])
    expect(siwe.signOut).toHaveBeenCalledTimes(1)
  })

  test('behavior: setSessions with a session signs it in, and signs nobody out', async () => {
    // verifySiwx keeps used nonces, so this back end accepts without checking again (the default test does that).
    const siwe = backEnd({ verifyMessage: vi.fn(async () => true), getSession: async () => ({ address: account.address, chainId: 1 }) })
    const siwx = fromSiweConfig(siwe)
    await siwx.setSessions([{ data: { ...input, version: '1', nonce: 'BackEnd0Nonce' }, message: 'text', signature: '0x01' }])
    expect(siwe.verifyMessage).toHaveBeenCalledTimes(1)
    expect(siwe.onSignIn).toHaveBeenCalledWith({ address: account.address, chainId: 1 })
    expect(siwe.signOut).not.toHaveBeenCalled()
  })

  test('behavior: the back end\'s session is reported in the SIWX shape, without message or signature', async () => {
    const siwx = fromSiweConfig(backEnd({ getSession: async () => ({ address: account.address, chainId: 8453 }) }))
    expect(await siwx.getSessions('eip155:8453', account.address)).toEqual([
      { data: { accountAddress: account.address, chainId: 'eip155:8453', domain: '', uri: '', version: '1', nonce: '' }, message: '', signature: '' },
    ])
  })

  test('behavior: a session of another account, or without an address, is not this account\'s', async () => {
    const stranger = privateKeyToAccount(ANVIL_ACCOUNTS[1].privateKey)
    expect(await fromSiweConfig(backEnd({ getSession: async () => ({ address: stranger.address, chainId: 1 }) })).getSessions('eip155:1', account.address)).toEqual([])
    // A host back end answering with JSON may leave the address out; that is no session, not a crash.
    const noAddress = { chainId: 1 } as unknown as SiweSession
    expect(await fromSiweConfig(backEnd({ getSession: async () => noAddress })).getSessions('eip155:1', account.address)).toEqual([])
  })

  test('behavior: sessions of non-EVM chains are not asked of the back end', async () => {
    const siwe = backEnd()
    expect(await fromSiweConfig(siwe).getSessions('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', account.address)).toEqual([])
    expect(siwe.getSession).not.toHaveBeenCalled()
  })

  test('behavior: a CACAO from one-click auth is handed to verifyMessage, and none is invented otherwise', async () => {
    const verifyMessage = vi.fn(async () => true)
    const siwx = fromSiweConfig(backEnd({ verifyMessage, getSession: async () => ({ address: account.address, chainId: 1 }) }))
    const data = pickMessageData(await siwx.createMessage(input))
    const cacao: Cacao = { h: { t: 'caip122' }, p: { iss: `did:pkh:eip155:1:${account.address}`, domain: 'dapp.example', nonce: 'BackEnd0Nonce', aud: 'https://dapp.example/', iat: input.issuedAt }, s: { t: 'eip191', s: '0x01' } }
    const session: SiwxSession = { data, message: 'text', signature: '0x01' }
    await siwx.addSession({ ...session, cacao })
    await siwx.addSession(session)
    expect(verifyMessage.mock.calls).toEqual([[{ message: 'text', signature: '0x01', cacao }], [{ message: 'text', signature: '0x01' }]])
    expect(Object.keys((verifyMessage.mock.calls[1] as unknown[])[0] as object)).toEqual(['message', 'signature'])
  })

  test('errors: a refused signature and a missing session after signing in carry their codes', async () => {
    const session: SiwxSession = { data: { ...input, version: '1', nonce: 'BackEnd0Nonce' }, message: 'text', signature: '0x01' }
    const refused = fromSiweConfig(backEnd({ verifyMessage: async () => false }))
    await expect(refused.addSession(session)).rejects.toMatchObject({ shortMessage: 'The signature was not accepted', code: 'invalid_signature' })
    const siwe = backEnd({ verifyMessage: async () => true })
    await expect(fromSiweConfig(siwe).addSession(session)).rejects.toMatchObject({ shortMessage: 'No session after signing in', code: 'no_session' })
    expect(siwe.onSignIn).not.toHaveBeenCalled()
  })

  test('behavior: onSignIn is optional', async () => {
    const siwx = fromSiweConfig(backEnd({ verifyMessage: async () => true, getSession: async () => ({ address: account.address, chainId: 1 }), onSignIn: undefined }))
    await expect(siwx.addSession({ data: { ...input, version: '1', nonce: 'BackEnd0Nonce' }, message: 'text', signature: '0x01' })).resolves.toBeUndefined()
  })

  test('behavior: an empty account address makes a one-click template, with no account and nothing to sign', async () => {
    const siwe = backEnd()
    const template = await fromSiweConfig(siwe).createMessage({ ...input, accountAddress: '' })
    expect(siwe.getNonce).toHaveBeenCalledWith(undefined)
    expect(template).toMatchObject({ accountAddress: '', chainId: 'eip155:1', nonce: 'BackEnd0Nonce' })
    expect(() => template.toString()).toThrow('A one-click sign-in template has no account, so nothing to sign')
  })

  test('behavior: the chain id handed to a custom createMessage is the whole decimal EIP-155 number', async () => {
    const createMessage = vi.fn(() => 'custom')
    await fromSiweConfig(backEnd({ createMessage })).createMessage({ ...input, chainId: 'eip155:8453' })
    expect(createMessage).toHaveBeenCalledWith(expect.objectContaining({ chainId: 8453 }))
  })

  // Only a whole `eip155:<decimal without leading zero>` id is an EVM chain; the refusal names what came.
  test.each(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:1x', 'xeip155:1', 'eip155:01', 'eip155:'])('errors: %s is refused as not EVM', async (chainId) => {
    const error = await fromSiweConfig(backEnd()).createMessage({ ...input, chainId: chainId as CaipNetworkId }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({ shortMessage: SIWE_EVM_ONLY_MESSAGE, details: `got ${chainId}` })
  })
})
