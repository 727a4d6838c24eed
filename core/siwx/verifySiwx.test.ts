import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { startValidatorRpc } from '../../tests/support/validatorRpc.js'
import { formatSiwxMessage } from './formatSiwxMessage.js'
import { createNonceLedger } from './nonceLedger.js'
import type { SiwxMessageData } from './types.js'
import { createSiwxVerifier, verifySiwx, type SiwxVerifyResult, type VerifySiwxParameters } from './verifySiwx.js'

const NOW = Date.parse('2026-03-01T12:00:00Z')
const signer = privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey)
const other = privateKeyToAccount(ANVIL_ACCOUNTS[1].privateKey)
let counter = 0
/** A fresh nonce per message, so the shared ledger never sees one twice by accident. */
const nonce = () => `Nonce${String(++counter).padStart(6, '0')}x`

function evmMessage(overrides: Partial<SiwxMessageData> = {}): SiwxMessageData {
  return {
    domain: 'dapp.example:8443',
    accountAddress: signer.address,
    chainId: 'eip155:1',
    uri: 'https://dapp.example:8443/',
    version: '1',
    nonce: nonce(),
    issuedAt: '2026-03-01T11:59:00.000Z',
    expirationTime: '2026-03-01T13:00:00.000Z',
    ...overrides,
  }
}

async function signed(data: SiwxMessageData, account = signer): Promise<VerifySiwxParameters> {
  const message = formatSiwxMessage(data)
  return { message, signature: await account.signMessage({ message }), domain: 'dapp.example:8443', nonce: data.nonce, chainId: 'eip155:1', now: NOW }
}

describe('verifySiwx: EVM', () => {
  test('default: a valid EOA signature', async () => {
    const params = await signed(evmMessage())
    expect(await verifySiwx(params)).toEqual({ ok: true, address: signer.address, chainId: 'eip155:1' })
  })

  test('behavior: the domain must match exactly, host and port', async () => {
    const params = await signed(evmMessage())
    expect(await verifySiwx({ ...params, domain: 'evil.example:8443' })).toMatchObject({ ok: false, reason: 'domain_mismatch' })
    expect(await verifySiwx({ ...params, domain: 'dapp.example' })).toMatchObject({ ok: false, reason: 'domain_mismatch' })
    expect(await verifySiwx({ ...params, domain: 'dapp.example:443' })).toMatchObject({ ok: false, reason: 'domain_mismatch' })
    expect(await verifySiwx({ ...params, domain: 'sub.dapp.example:8443' })).toMatchObject({ ok: false, reason: 'domain_mismatch' })
    expect(await verifySiwx({ ...params, domain: 'https://dapp.example:8443' })).toMatchObject({ ok: false, reason: 'invalid_input' })
  })

  test('behavior: fails closed without an expected domain or nonce', async () => {
    const params = await signed(evmMessage())
    expect(await verifySiwx({ ...params, domain: undefined as never })).toMatchObject({ ok: false, reason: 'missing_domain' })
    expect(await verifySiwx({ ...params, domain: '' })).toMatchObject({ ok: false, reason: 'missing_domain' })
    expect(await verifySiwx({ ...params, nonce: undefined as never })).toMatchObject({ ok: false, reason: 'missing_nonce' })
    expect(await verifySiwx({ ...params, now: undefined as never })).toMatchObject({ ok: false, reason: 'invalid_input' })
    expect(await verifySiwx(undefined as never)).toMatchObject({ ok: false, reason: 'missing_domain' })
  })

  test('behavior: nonces are at least 8 alphanumerics, must match, and are accepted once', async () => {
    const params = await signed(evmMessage())
    expect(await verifySiwx({ ...params, nonce: 'abc123' })).toMatchObject({ ok: false, reason: 'invalid_nonce' })
    expect(await verifySiwx({ ...params, nonce: 'abcd-1234' })).toMatchObject({ ok: false, reason: 'invalid_nonce' })
    expect(await verifySiwx({ ...params, nonce: 'Another1234' })).toMatchObject({ ok: false, reason: 'nonce_mismatch' })
    expect(await verifySiwx(params)).toMatchObject({ ok: true })
    expect(await verifySiwx(params)).toMatchObject({ ok: false, reason: 'nonce_reused' })
  })

  test('behavior: a message whose nonce is too short never parses', async () => {
    const message = formatSiwxMessage(evmMessage()).replace(/Nonce: \w+/, 'Nonce: abc')
    expect(await verifySiwx({ message, signature: await signer.signMessage({ message }), domain: 'dapp.example:8443', nonce: 'abcdefgh', chainId: 'eip155:1', now: NOW })).toMatchObject({ ok: false, reason: 'malformed_message' })
  })

  test('behavior: expired, not yet valid and future messages are refused by the injected clock', async () => {
    const params = await signed(evmMessage({ notBefore: '2026-03-01T12:00:00.000Z' }))
    expect(await verifySiwx({ ...params, now: Date.parse('2026-03-01T13:00:00.000Z') })).toMatchObject({ ok: false, reason: 'expired' })
    expect(await verifySiwx({ ...params, now: NOW - 1 })).toMatchObject({ ok: false, reason: 'not_yet_valid' })
    expect(await verifySiwx({ ...params, now: new Date(NOW) })).toMatchObject({ ok: true })
    const future = await signed(evmMessage({ issuedAt: '2026-03-01T12:05:00.000Z', expirationTime: undefined }))
    expect(await verifySiwx(future)).toMatchObject({ ok: false, reason: 'issued_in_future' })
    expect(await createSiwxVerifier({ clockToleranceMs: 600_000 })(future)).toMatchObject({ ok: true })
    const old = await signed(evmMessage({ issuedAt: '2026-02-01T00:00:00.000Z', expirationTime: undefined }))
    expect(await verifySiwx(old)).toMatchObject({ ok: false, reason: 'expired' })
    expect(await createSiwxVerifier({ maxAgeMs: 40 * 24 * 3_600_000 })(old)).toMatchObject({ ok: true })
  })

  test('behavior: a signature from another address is refused, and its nonce stays unused', async () => {
    const data = evmMessage()
    const params = await signed(data, other)
    expect(await verifySiwx(params)).toMatchObject({ ok: false, reason: 'invalid_signature' })
    expect(await verifySiwx({ ...params, signature: '0x1234' })).toMatchObject({ ok: false, reason: 'invalid_signature' })
    expect(await verifySiwx({ ...params, signature: (await signed(data)).signature })).toMatchObject({ ok: true })
  })

  test('behavior: another chain is refused, by the accepted list and by the signature', async () => {
    const params = await signed(evmMessage({ chainId: 'eip155:8453' }))
    expect(await verifySiwx({ ...params, chainId: 'eip155:1' })).toMatchObject({ ok: false, reason: 'chain_mismatch' })
    expect(await verifySiwx({ ...params, chainId: ['eip155:1', 'eip155:10'] })).toMatchObject({ ok: false, reason: 'chain_mismatch' })
    // The same signature over a message edited to say chain 1 proves nothing.
    const edited = params.message.replace('Chain ID: 8453', 'Chain ID: 1')
    expect(await verifySiwx({ ...params, message: edited, chainId: 'eip155:1' })).toMatchObject({ ok: false, reason: 'invalid_signature' })
    expect(await verifySiwx({ ...params, chainId: ['eip155:1', 'eip155:8453'] })).toMatchObject({ ok: true })
  })

  test('behavior: a tampered or malformed message is refused', async () => {
    const params = await signed(evmMessage({ statement: 'Sign in to Example' }))
    expect(await verifySiwx({ ...params, message: params.message.replace('Example', 'Exampl3') })).toMatchObject({ ok: false, reason: 'invalid_signature' })
    expect(await verifySiwx({ ...params, message: `${params.message}\nResources:` })).toMatchObject({ ok: false, reason: 'malformed_message' })
    expect(await verifySiwx({ ...params, message: 'hello' })).toMatchObject({ ok: false, reason: 'malformed_message' })
  })

  test('behavior: a failing nonce store fails closed', async () => {
    const params = await signed(evmMessage())
    const broken = { consume: async () => Promise.reject(new Error('redis down')) }
    expect(await createSiwxVerifier({ nonces: broken })(params)).toMatchObject({ ok: false, reason: 'verifier_error' })
  })

  test('parameters: createSiwxVerifier shares its options and its own ledger', async () => {
    const verify = createSiwxVerifier({ clockToleranceMs: 0 })
    const params = await signed(evmMessage({ issuedAt: '2026-03-01T12:00:01.000Z' }))
    expect(await verify(params)).toMatchObject({ ok: false, reason: 'issued_in_future' })
    expect(await verify({ ...params, now: NOW + 1_000 })).toMatchObject({ ok: true })
    expect(await verify({ ...params, now: NOW + 1_000 })).toMatchObject({ ok: false, reason: 'nonce_reused' })
  })

  test('behavior: the message must carry an Issued At (EIP-4361)', async () => {
    const params = await signed(evmMessage({ issuedAt: undefined, expirationTime: '9999-12-31T23:59:59Z' }))
    expect(await verifySiwx(params)).toMatchObject({ ok: false, reason: 'malformed_message', details: expect.stringContaining('Issued At') })
  })

  test('behavior: the URI must be on the domain (host and port)', async () => {
    for (const uri of ['https://evil.example/phish', 'https://dapp.example/', 'https://dapp.example:8443@evil.example/', 'urn:dapp.example:8443']) {
      expect(await verifySiwx(await signed(evmMessage({ uri })))).toMatchObject({ ok: false, reason: 'uri_mismatch' })
    }
    expect(await verifySiwx(await signed(evmMessage({ uri: 'https://DAPP.example:8443/sign-in?next=/' })))).toMatchObject({ ok: true })
  })

  test('behavior: the address comes back EIP-55 checksummed, whatever case the message used', async () => {
    const params = await signed(evmMessage({ accountAddress: signer.address.toLowerCase() }))
    expect(params.message).toContain(signer.address.toLowerCase())
    expect(await verifySiwx(params)).toEqual({ ok: true, address: signer.address, chainId: 'eip155:1' })
  })

  test("parameters: chainId is required; every chain only with chainId: 'any'", async () => {
    const params = await signed(evmMessage({ chainId: 'eip155:8453' }))
    const { chainId: _chainId, ...without } = params
    expect(await verifySiwx(without as VerifySiwxParameters)).toMatchObject({ ok: false, reason: 'missing_chain_id' })
    expect(await verifySiwx({ ...params, chainId: 'eip155:one' as never })).toMatchObject({ ok: false, reason: 'invalid_input' })
    expect(await verifySiwx({ ...params, chainId: [] })).toMatchObject({ ok: false, reason: 'invalid_input' })
    expect(await verifySiwx({ ...params, chainId: 'any' })).toMatchObject({ ok: true, chainId: 'eip155:8453' })
  })
})

describe('verifySiwx: what each refusal says', () => {
  // Every refusal names its rule in words a back-end log can be read by.
  test.each<[string, (params: VerifySiwxParameters) => Promise<VerifySiwxParameters>, SiwxVerifyResult]>([
    ['an empty expected domain', async (p) => ({ ...p, domain: '' }), { ok: false, reason: 'missing_domain', details: 'the expected domain is required' }],
    ['an empty expected nonce', async (p) => ({ ...p, nonce: '' }), { ok: false, reason: 'missing_nonce', details: 'the expected nonce is required' }],
    ['a short expected nonce', async (p) => ({ ...p, nonce: 'abc123' }), { ok: false, reason: 'invalid_nonce', details: 'the expected nonce must be 8 to 128 letters or digits' }],
    ['a URL as the expected domain', async (p) => ({ ...p, domain: 'https://dapp.example:8443' }), { ok: false, reason: 'invalid_input', details: 'the expected domain is a host with an optional port, not a URL' }],
    ['no expected chain', async ({ chainId: _chainId, ...p }) => p as VerifySiwxParameters, { ok: false, reason: 'missing_chain_id', details: "the expected chainId is required: a CAIP-2 id, a list of them, or 'any'" }],
    ['another domain', async (p) => ({ ...p, domain: 'evil.example:8443' }), { ok: false, reason: 'domain_mismatch', details: 'expected evil.example:8443, the message says dapp.example:8443' }],
    ['a URI off the domain', async () => signed(evmMessage({ uri: 'https://evil.example/phish' })), { ok: false, reason: 'uri_mismatch', details: 'the URI https://evil.example/phish is not on dapp.example:8443' }],
    ['another nonce', async (p) => ({ ...p, nonce: 'Another1234' }), { ok: false, reason: 'nonce_mismatch', details: 'the message carries another nonce' }],
    ['another chain', async (p) => ({ ...p, chainId: 'eip155:10' }), { ok: false, reason: 'chain_mismatch', details: 'chain eip155:1 is not accepted' }],
    ['too old a message', async () => signed(evmMessage({ issuedAt: '2026-02-28T11:59:59.999Z', expirationTime: undefined })), { ok: false, reason: 'expired', details: 'issued more than 86400000 ms ago' }],
    ['a message not valid yet', async () => signed(evmMessage({ notBefore: '2026-03-01T12:00:00.001Z' })), { ok: false, reason: 'not_yet_valid', details: 'not valid before 2026-03-01T12:00:00.001Z' }],
    ['a message from the future', async () => signed(evmMessage({ issuedAt: '2026-03-01T12:01:00.001Z', expirationTime: undefined })), { ok: false, reason: 'issued_in_future', details: 'issued at 2026-03-01T12:01:00.001Z' }],
    ['another signer', async () => signed(evmMessage(), other), { ok: false, reason: 'invalid_signature', details: `the signature is not from ${signer.address} on eip155:1` }],
  ])('details: %s', async (_case, edit, expected) => {
    expect(await createSiwxVerifier()(await edit(await signed(evmMessage())))).toEqual(expected)
  })

  // Exactly at its Expiration Time a message is expired, and says so by that time, not by its age.
  test('behavior: a message is expired from the instant of its Expiration Time', async () => {
    const params = await signed(evmMessage({ expirationTime: '2026-03-01T12:30:00.000Z' }))
    const verify = createSiwxVerifier()
    expect(await verify({ ...params, now: Date.parse('2026-03-01T12:30:00.000Z') })).toEqual({ ok: false, reason: 'expired', details: 'expired at 2026-03-01T12:30:00.000Z' })
    expect(await verify({ ...params, now: Date.parse('2026-03-01T12:29:59.999Z') })).toMatchObject({ ok: true })
  })

  // The whole string must be the nonce: letters and digits around a bad character do not pass.
  test.each([
    ['a bad prefix', 'abcd-12345678'],
    ['a bad suffix', '12345678-abcd'],
    ['129 characters', 'a'.repeat(129)],
  ])('parameters: an expected nonce with %s is invalid', async (_case, expectedNonce) => {
    const params = await signed(evmMessage())
    expect(await verifySiwx({ ...params, nonce: expectedNonce })).toMatchObject({ ok: false, reason: 'invalid_nonce' })
  })

  test('parameters: 8 and 128 letters or digits are well-formed expected nonces', async () => {
    const params = await signed(evmMessage())
    expect(await verifySiwx({ ...params, nonce: 'a'.repeat(8) })).toMatchObject({ ok: false, reason: 'nonce_mismatch' })
    expect(await verifySiwx({ ...params, nonce: 'a'.repeat(128) })).toMatchObject({ ok: false, reason: 'nonce_mismatch' })
  })

  test.each<[string, () => unknown, string]>([
    ['rejects with an Error', () => Promise.reject(new Error('redis down')), 'the nonce store failed: redis down'],
    ['throws something else', () => { throw 'redis down' }, 'the nonce store failed: unknown error'],
  ])('details: a nonce store that %s', async (_case, consume, details) => {
    const params = await signed(evmMessage())
    expect(await createSiwxVerifier({ nonces: { consume: consume as never } })(params)).toEqual({ ok: false, reason: 'verifier_error', details })
  })

  test('details: a full nonce store, and a reused nonce', async () => {
    const params = await signed(evmMessage())
    expect(await createSiwxVerifier({ nonces: { consume: () => 'full' } })(params)).toEqual({ ok: false, reason: 'nonce_store_full', details: 'the nonce store is full of live sign-ins; try again later' })
    expect(await createSiwxVerifier({ nonces: { consume: () => false } })(params)).toEqual({ ok: false, reason: 'nonce_reused', details: 'this nonce was already used' })
  })
})

describe('createSiwxVerifier: options', () => {
  test('parameters: invalid options throw a named error', () => {
    expect(() => createSiwxVerifier({ maxAgeMs: 0 })).toThrow(expect.objectContaining({ message: 'Invalid sign-in verifier options', code: 'invalid_options' }))
  })

  // A message issued clockToleranceMs ahead lives maxAgeMs from then: the store must keep nonces for the sum.
  test('parameters: a nonce store must keep nonces for maxAgeMs + clockToleranceMs', () => {
    const limits = { maxAgeMs: 1_000, clockToleranceMs: 500 }
    expect(() => createSiwxVerifier({ ...limits, nonces: createNonceLedger({ maxAgeMs: 1_499 }) })).toThrow(expect.objectContaining({
      message: 'The nonce store forgets nonces before their messages expire',
      code: 'invalid_options',
      details: 'it keeps 1499 ms, messages live up to 1500 ms (maxAgeMs + clockToleranceMs)',
    }))
    expect(() => createSiwxVerifier({ ...limits, nonces: createNonceLedger({ maxAgeMs: 1_500 }) })).not.toThrow()
  })
})

describe('createSiwxVerifier: rpcUrls (smart accounts)', () => {
  /** A contract wallet: no key recovers to it, only its chain can vouch for a signature. */
  const SMART_ACCOUNT = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
  /** A local node (tests/support/validatorRpc.ts) whose EIP-6492 / 1271 validator says valid. */
  let node: Awaited<ReturnType<typeof startValidatorRpc>>
  let rpcUrl: string
  beforeAll(async () => {
    node = await startValidatorRpc()
    rpcUrl = node.url
  })
  afterAll(() => node.close())

  const smartSignIn = async (): Promise<VerifySiwxParameters> => ({ ...(await signed(evmMessage({ accountAddress: SMART_ACCOUNT }))), signature: `0x${'11'.repeat(65)}` })

  test("default: the chain's RPC vouches for a smart account's signature", async () => {
    node.state.chainId = 1
    const params = await smartSignIn()
    expect(await createSiwxVerifier()(params)).toMatchObject({ ok: false, reason: 'invalid_signature' })
    expect(await createSiwxVerifier({ rpcUrls: { 'eip155:1': rpcUrl } })(params)).toEqual({ ok: true, address: SMART_ACCOUNT, chainId: 'eip155:1' })
  })

  test("behavior: an RPC of another chain fails closed as verifier_error, with the RPC's reason", async () => {
    node.state.chainId = 8453
    expect(await createSiwxVerifier({ rpcUrls: { 'eip155:1': rpcUrl } })(await smartSignIn())).toEqual({ ok: false, reason: 'verifier_error', details: 'The RPC serves another chain than the message' })
  })
})
