import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test, vi } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { fromSiweConfig, SIWE_EVM_ONLY_MESSAGE } from './fromSiweConfig.js'
import { pickMessageData } from './siwxMessageSchema.js'
import type { SiweConfig, SiweSession } from './types.js'
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
})
