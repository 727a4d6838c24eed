import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { startValidatorRpc } from '../../tests/support/validatorRpc.js'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import { createNonceLedger } from './nonceLedger.js'
import type { SiwxMessageData } from './types.js'
import { createSiwxVerifier, verifySiwx, type VerifySiwxParameters } from './verifySiwx.js'

/** Trust settings (RPCs, nonce store, age limits, clock tolerance) come from the verifier, never from a call (review M-2). */
const NOW = Date.parse('2026-11-23T12:00:00Z')
const signer = privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey)
const VICTIM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
let counter = 0
const data = (overrides: Partial<SiwxMessageData> = {}): SiwxMessageData => ({
  domain: 'dapp.example', accountAddress: signer.address, chainId: 'eip155:1', uri: 'https://dapp.example/', version: '1',
  nonce: `Trust${String(++counter).padStart(6, '0')}x`, issuedAt: new Date(NOW - 1_000).toISOString(), ...overrides,
})
const expected = (d: SiwxMessageData) => ({ domain: 'dapp.example', nonce: d.nonce, chainId: 'eip155:1', now: NOW }) as const
async function signed(d = data()): Promise<VerifySiwxParameters> {
  const message = formatSiwxMessage(d)
  return { message, signature: await signer.signMessage({ message }), ...expected(d) }
}

/** An attacker's RPC: it serves chain 1 and vouches for every EIP-1271 / EIP-6492 check. */
let attacker: Awaited<ReturnType<typeof startValidatorRpc>>
let attackerRpc: string
beforeAll(async () => {
  attacker = await startValidatorRpc()
  attackerRpc = attacker.url
})
afterAll(() => attacker.close())

describe('createSiwxVerifier: trust settings', () => {
  test('behavior: a request body spread into the call cannot bring its own RPC (forged smart-account sign-in)', async () => {
    const d = data({ accountAddress: VICTIM })
    const body = JSON.parse(JSON.stringify({ message: formatSiwxMessage(d), signature: `0x${'11'.repeat(65)}`, rpcUrls: { 'eip155:1': attackerRpc } }))
    const result = await verifySiwx({ ...body, ...expected(d) })
    expect(result).toMatchObject({ ok: false, reason: 'invalid_input', details: expect.stringContaining('rpcUrls') })
    expect(await createSiwxVerifier()({ ...body, ...expected(d) })).toMatchObject({ ok: false, reason: 'invalid_input' })
    // Without the extra key the same junk signature is what it is.
    const { rpcUrls: _rpcUrls, ...rest } = body
    expect(await verifySiwx({ ...rest, ...expected(d) })).toMatchObject({ ok: false, reason: 'invalid_signature' })
  })

  test('behavior: a call cannot bring its own nonce store (replay), clock tolerance or age limit', async () => {
    const params = await signed()
    expect(await verifySiwx(params)).toMatchObject({ ok: true })
    const anyNonce = { consume: () => true }
    expect(await verifySiwx({ ...params, nonces: anyNonce } as VerifySiwxParameters)).toMatchObject({ ok: false, reason: 'invalid_input', details: expect.stringContaining('nonces') })
    const future = await signed(data({ issuedAt: new Date(NOW + 600_000).toISOString() }))
    expect(await verifySiwx({ ...future, clockToleranceMs: 3_600_000 } as VerifySiwxParameters)).toMatchObject({ ok: false, reason: 'invalid_input' })
    const old = await signed(data({ issuedAt: new Date(NOW - 30 * 86_400_000).toISOString() }))
    expect(await verifySiwx({ ...old, maxAgeMs: 365 * 86_400_000 } as VerifySiwxParameters)).toMatchObject({ ok: false, reason: 'invalid_input' })
    expect(await verifySiwx({ ...old, unexpected: undefined } as VerifySiwxParameters)).toMatchObject({ ok: false, reason: 'invalid_input', details: expect.stringContaining('unexpected') })
    expect(await verifySiwx(params)).toMatchObject({ ok: false, reason: 'nonce_reused' })
  })

  test('behavior: options are copied when the verifier is made; editing them later changes nothing', async () => {
    const rpcUrls: Record<string, string> = {}
    const verify = createSiwxVerifier({ rpcUrls })
    rpcUrls['eip155:1'] = attackerRpc
    const d = data({ accountAddress: VICTIM })
    expect(await verify({ message: formatSiwxMessage(d), signature: `0x${'11'.repeat(65)}`, ...expected(d) })).toMatchObject({ ok: false, reason: 'invalid_signature' })
  })

  test('parameters: invalid or unknown options throw when the verifier is made', () => {
    expect(() => createSiwxVerifier({ rpcUrls: { 'eip155:1': 'javascript:alert(1)' } })).toThrow(expect.objectContaining({ code: 'invalid_options' }))
    expect(() => createSiwxVerifier({ maxAgeMs: -1 })).toThrow(expect.objectContaining({ code: 'invalid_options' }))
    expect(() => createSiwxVerifier({ clockToleranceMs: Number.NaN })).toThrow(expect.objectContaining({ code: 'invalid_options' }))
    expect(() => createSiwxVerifier({ nonces: {} as never })).toThrow(expect.objectContaining({ code: 'invalid_options' }))
    expect(() => createSiwxVerifier({ rpcUrl: 'https://rpc.example' } as never)).toThrow(expect.objectContaining({ code: 'invalid_options' }))
  })

  test('parameters: a nonce ledger that forgets before messages expire is refused', () => {
    expect(() => createSiwxVerifier({ maxAgeMs: 7 * 86_400_000, nonces: createNonceLedger() })).toThrow(expect.objectContaining({ code: 'invalid_options' }))
    expect(() => createSiwxVerifier({ nonces: createNonceLedger({ maxAgeMs: 60_000 }) })).toThrow(/forgets nonces/)
    expect(() => createSiwxVerifier({ nonces: createNonceLedger() })).not.toThrow()
    expect(() => createSiwxVerifier({ maxAgeMs: 7 * 86_400_000, nonces: createNonceLedger({ maxAgeMs: 8 * 86_400_000 }) })).not.toThrow()
  })
})
