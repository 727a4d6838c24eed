import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { findNonSerializable } from '../store/serializable.js'
import { appMessage, frameError, frameReady, frameSessionUpdate, frameSuccess } from './builders.js'
import { MAX_FRAME_MESSAGE_BYTES, parseAppMessage, parseFrameMessage, replyInfo } from './parseFrameMessage.js'
import { type AppMessage, FRAME_REQUEST_NAMES, type FrameMessage } from './protocol.js'
import { isFrameRpcMethodAllowed, isFrameRpcMethodSafe } from './rpcRequestSchema.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const user = { email: 'ada@example.com', address, chainId: 31337, accounts: [{ address, type: 'eoa' as const }], userName: 'ada', preferredAccountType: 'eoa' as const, smartAccountDeployed: false }

/** One valid request for every app-to-frame type (SPEC 3). */
const requests: AppMessage[] = [
  appMessage('SWITCH_NETWORK', { chainId: 31337 }),
  appMessage('CONNECT_EMAIL', { email: 'ada@example.com' }),
  appMessage('CONNECT_DEVICE'),
  appMessage('CONNECT_OTP', { otp: '123456' }),
  appMessage('CONNECT_SOCIAL', { uri: 'https://example.com/cb?state=1', preferredAccountType: 'eoa', chainId: 'eip155:1' }),
  appMessage('GET_FARCASTER_URI'),
  appMessage('CONNECT_FARCASTER'),
  appMessage('GET_USER', { chainId: 1, preferredAccountType: 'smartAccount', socialUri: 'http://127.0.0.1:5000/cb' }),
  appMessage('GET_USER'),
  appMessage('GET_SOCIAL_REDIRECT_URI', { provider: 'github' }),
  appMessage('SIGN_OUT'),
  appMessage('IS_CONNECTED', { token: 'abc' }),
  appMessage('GET_CHAIN_ID'),
  appMessage('GET_SMART_ACCOUNT_ENABLED_NETWORKS'),
  appMessage('INIT_SMART_ACCOUNT'),
  appMessage('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' }),
  appMessage('RPC_REQUEST', { method: 'personal_sign', params: ['0x68656c6c6f', address] }),
  appMessage('RPC_REQUEST', { method: 'eth_signTypedData_v4', params: [address, '{"types":{}}'] }),
  appMessage('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: address, to: address, value: '0x1' }] }),
  appMessage('RPC_REQUEST', { method: 'eth_sendRawTransaction', params: ['0x02f8'] }),
  appMessage('RPC_REQUEST', { method: 'eth_getBalance', params: [address, 'latest'], chainId: 31337 }),
  appMessage('RPC_REQUEST', { method: 'solana_signMessage', params: { message: '3yZe7d', pubkey: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' } }),
  appMessage('RPC_REQUEST', { method: 'solana_signTransaction', params: { transaction: 'AQAB' } }),
  appMessage('RPC_REQUEST', { method: 'solana_signAllTransactions', params: { transactions: ['AQAB', 'AQAC'] } }),
  appMessage('RPC_REQUEST', {
    method: 'solana_signAndSendTransaction',
    params: { transaction: 'AQAB', options: { skipPreflight: true, preflightCommitment: 'confirmed', maxRetries: 3, minContextSlot: 10 } },
  }),
  appMessage('RPC_REQUEST', { method: 'wallet_sendCalls', params: [{ calls: [{ to: address, data: '0x', value: '0x0' }] }] }),
  appMessage('RPC_REQUEST', { method: 'wallet_getCallsStatus', params: ['0xabc'] }),
  appMessage('RPC_REQUEST', { method: 'wallet_getCapabilities', params: [address] }),
  appMessage('RPC_REQUEST', { method: 'wallet_grantPermissions', params: [{ expiry: 1 }] }),
  appMessage('RPC_ABORT', { id: 'r1' }),
  appMessage('RPC_ABORT'),
  appMessage('UPDATE_EMAIL', { email: 'new@example.com' }),
  appMessage('UPDATE_EMAIL_PRIMARY_OTP', { otp: '111111' }),
  appMessage('UPDATE_EMAIL_SECONDARY_OTP', { otp: '222222' }),
  appMessage('SYNC_THEME', { themeMode: 'dark', themeVariables: { '--airlock-accent': '#00f' } }),
  appMessage('SYNC_DAPP_DATA', { metadata: { name: 'Dapp', description: 'd', url: 'https://dapp.example', icons: [] }, sdkVersion: '1', sdkType: 'airlock', projectId: 'p' }),
  appMessage('RELOAD'),
]

/** One valid reply for every request type, success and error, plus SESSION_UPDATE and READY. */
const replies: FrameMessage[] = [
  frameSuccess('SWITCH_NETWORK', 'a1', { chainId: 1 }),
  frameSuccess('CONNECT_EMAIL', 'a2', { action: 'VERIFY_OTP' }),
  frameSuccess('CONNECT_EMAIL', 'a2', { action: 'VERIFY_DEVICE' }),
  frameSuccess('CONNECT_EMAIL', 'a2', { action: 'CONNECT' }),
  frameSuccess('CONNECT_DEVICE', 'a3'),
  frameSuccess('CONNECT_OTP', 'a4'),
  frameSuccess('CONNECT_SOCIAL', 'a5', user),
  frameSuccess('GET_FARCASTER_URI', 'a6', { url: 'https://farcaster.example/connect?x=1' }),
  frameSuccess('CONNECT_FARCASTER', 'a7', { userName: 'ada' }),
  frameSuccess('GET_USER', 'a8', user),
  frameSuccess('GET_USER', 'a8', { email: null, address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', chainId: 'solana:5eykt' }),
  frameSuccess('GET_SOCIAL_REDIRECT_URI', 'a9', { uri: 'http://localhost:5173/oauth?provider=x' }),
  frameSuccess('SIGN_OUT', 'b1'),
  frameSuccess('IS_CONNECTED', 'b2', { isConnected: true }),
  frameSuccess('GET_CHAIN_ID', 'b3', { chainId: 31337 }),
  frameSuccess('GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'b4', { smartAccountEnabledNetworks: [1, 31337] }),
  frameSuccess('INIT_SMART_ACCOUNT', 'b5', { address, isDeployed: false }),
  frameSuccess('SET_PREFERRED_ACCOUNT', 'b6', { type: 'eoa', address }),
  frameSuccess('RPC_REQUEST', 'b7', '0xsignature'),
  frameSuccess('UPDATE_EMAIL', 'b8', { action: 'VERIFY_PRIMARY_OTP' }),
  frameSuccess('UPDATE_EMAIL_PRIMARY_OTP', 'b9'),
  frameSuccess('UPDATE_EMAIL_SECONDARY_OTP', 'c1', { newEmail: 'new@example.com' }),
  frameSuccess('SYNC_THEME', 'c2'),
  frameSuccess('SYNC_DAPP_DATA', 'c3'),
  frameSuccess('RELOAD', 'c4'),
  frameSuccess('RPC_ABORT', 'c5'),
  frameError('RPC_REQUEST', 'c6', 'User rejected the request.', 4001),
  ...FRAME_REQUEST_NAMES.map((name) => frameError(name, 'e1', `${name} failed`)),
  frameSessionUpdate('jwt.token.here'),
  frameReady('1.7.7'),
  frameReady(),
]

describe('protocol', () => {
  test('behavior: every app message type has a round-trip case', () => {
    const covered = new Set(requests.map((m) => m.type))
    expect([...covered].sort()).toEqual(FRAME_REQUEST_NAMES.map((n) => `@airlock-app/${n}`).sort())
  })

  test.each(requests.map((m) => [m.type, m] as const))('round trip: %s', (_type, message) => {
    expect(parseAppMessage(message)).toEqual(message)
    expect(parseAppMessage({ ...message, id: 'k3x9z' })).toEqual({ ...message, id: 'k3x9z' })
    // A request is not a reply: the page never accepts its own messages.
    expect(parseFrameMessage(message)).toBeNull()
  })

  test.each(replies.map((m) => [m.type, m] as const))('round trip: %s', (_type, message) => {
    expect(parseFrameMessage(message)).toEqual(message)
    expect(parseAppMessage(message)).toBeNull()
  })

  test('behavior: reply info names the request', () => {
    expect(replyInfo('@airlock-frame/CONNECT_OTP_SUCCESS')).toEqual({ name: 'CONNECT_OTP', ok: true })
    expect(replyInfo('@airlock-frame/CONNECT_OTP_ERROR')).toEqual({ name: 'CONNECT_OTP', ok: false })
    expect(replyInfo('@airlock-frame/READY')).toBeUndefined()
  })

  test.each([
    ['null', null],
    ['a string', '@airlock-frame/READY'],
    ['an array', [{ type: '@airlock-frame/READY' }]],
    ['a number', 42],
    ['no type', { payload: {} }],
    ['an unknown type', { type: '@airlock-frame/EXPLODE_SUCCESS' }],
    ['a W3m type', { type: '@w3m-frame/READY' }],
    ['an app type', { type: '@airlock-app/CONNECT_EMAIL', payload: { email: 'a@b.co' } }],
    ['a numeric id', { id: 5, type: '@airlock-frame/READY' }],
    ['an id with markup', { id: '<img src=x>', type: '@airlock-frame/READY' }],
    ['a bad action', { type: '@airlock-frame/CONNECT_EMAIL_SUCCESS', payload: { action: 'HACK' } }],
    ['a missing payload', { type: '@airlock-frame/GET_USER_SUCCESS' }],
    ['a bad address', { type: '@airlock-frame/GET_USER_SUCCESS', payload: { ...user, address: '0x123' } }],
    ['a javascript: uri', { type: '@airlock-frame/GET_SOCIAL_REDIRECT_URI_SUCCESS', payload: { uri: 'javascript:alert(1)' } }],
    ['a plain http uri', { type: '@airlock-frame/GET_FARCASTER_URI_SUCCESS', payload: { url: 'http://evil.example/x' } }],
    ['an error without message', { type: '@airlock-frame/SIGN_OUT_ERROR', payload: {} }],
    ['an empty token', { type: '@airlock-frame/SESSION_UPDATE', payload: { token: '' } }],
    ['a Date payload', { type: '@airlock-frame/RPC_REQUEST_SUCCESS', payload: new Date(0) }],
    ['a Map payload', { type: '@airlock-frame/RPC_REQUEST_SUCCESS', payload: new Map() }],
    ['an infinite number', { type: '@airlock-frame/RPC_REQUEST_SUCCESS', payload: Number.POSITIVE_INFINITY }],
    ['a huge string', { type: '@airlock-frame/RPC_REQUEST_SUCCESS', payload: 'x'.repeat(MAX_FRAME_MESSAGE_BYTES + 1) }],
    ['a huge array', { type: '@airlock-frame/RPC_REQUEST_SUCCESS', payload: Array.from({ length: 300_000 }, () => 0) }],
    ['deep nesting', { type: '@airlock-frame/RPC_REQUEST_SUCCESS', payload: nest(10_000) }],
  ])('hostile: %s is null', (_name, data) => {
    expect(parseFrameMessage(data)).toBeNull()
  })

  test('hostile: a throwing getter is null', () => {
    const data = { type: '@airlock-frame/READY' }
    Object.defineProperty(data, 'payload', { enumerable: true, get: () => { throw new Error('boom') } })
    expect(parseFrameMessage(data)).toBeNull()
  })

  test('hostile: a cycle is null', () => {
    const payload: Record<string, unknown> = {}
    payload.self = payload
    expect(parseFrameMessage({ type: '@airlock-frame/RPC_REQUEST_SUCCESS', payload })).toBeNull()
  })

  // Urls the frame hands the page (social redirect, Farcaster) are https, or plain http only on this
  // machine (a dev frame); the scheme must start the url, not appear somewhere in it.
  test.each([
    ['https', 'https://example.com/cb', true],
    ['https in capitals', 'HTTPS://example.com/cb', true],
    ['http on localhost without a port', 'http://localhost/cb', true],
    ['http on 127.0.0.1 with a port', 'http://127.0.0.1:8080/cb', true],
    ['http elsewhere with https later in it', 'http://evil.example/?next=https://example.com', false],
    ['ftp with http://localhost/ later in it', 'ftp://evil.example/http://localhost/', false],
    ['http on a host that only starts with localhost', 'http://localhost.evil.example/cb', false],
  ])('url: %s', (_name, uri, accepted) => {
    const message = { type: '@airlock-frame/GET_SOCIAL_REDIRECT_URI_SUCCESS', payload: { uri } }
    expect(parseFrameMessage(message)).toEqual(accepted ? message : null)
  })

  test.each([
    ['a malformed personal_sign', { method: 'personal_sign', params: ['0x00'] }],
    ['an unlisted method', { method: 'eth_sign', params: [] }],
    ['wallet management', { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }],
    ['sendCalls to a non-hex target', { method: 'wallet_sendCalls', params: [{ calls: [{ to: 'bob' }] }] }],
    ['a bad solana option', { method: 'solana_signAndSendTransaction', params: { transaction: 'AQ', options: { maxRetries: -1 } } }],
  ])('hostile: rpc request with %s is null', (_name, payload) => {
    expect(parseAppMessage({ type: '@airlock-app/RPC_REQUEST', payload })).toBeNull()
  })

  test('behavior: safe and unsafe rpc methods', () => {
    expect(isFrameRpcMethodSafe('eth_getBalance')).toBe(true)
    expect(isFrameRpcMethodSafe('personal_sign')).toBe(false)
    expect(isFrameRpcMethodAllowed('solana_signAndSendTransaction')).toBe(true)
    expect(isFrameRpcMethodAllowed('eth_sign')).toBe(false)
  })

  test('property: never throws on any JSON, returns null for non-conforming data', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.anything(), fc.string()), (data) => {
        const parsed = parseFrameMessage(data)
        // Arbitrary data essentially never conforms; when it does, the result is a known frame type.
        if (parsed !== null) expect(parsed.type.startsWith('@airlock-frame/')).toBe(true)
        expect(parseAppMessage(data) === null || typeof data === 'object').toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  test('property: random payloads under a known type never throw and only valid ones pass', () => {
    const types = replies.map((m) => m.type)
    fc.assert(
      fc.property(fc.constantFrom(...types), fc.anything(), fc.option(fc.string(), { nil: undefined }), (type, payload, id) => {
        const parsed = parseFrameMessage({ type, payload, id })
        if (parsed !== null) {
          expect(parsed.type).toBe(type)
          // What passes is JSON: the event log can hold it.
          expect(findNonSerializable(parsed)).toBeNull()
        }
      }),
      { numRuns: 2000 },
    )
  })
})

function nest(depth: number): unknown {
  let value: unknown = 'leaf'
  for (let i = 0; i < depth; i++) value = [value]
  return value
}
