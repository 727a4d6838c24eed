import { describe, expect, test } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { scrubErrorText } from './scrubErrorText.js'

const SOL = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

describe('scrubErrorText', () => {
  test('default: an action without error text is returned as is (no copy)', () => {
    const action = { type: 'modal/openRequested' }
    expect(scrubErrorText(action)).toBe(action)
    const clean = { type: 'wallet/requestFailed', error: { message: 'User rejected the request.', code: 4001 } }
    expect(scrubErrorText(clean)).toBe(clean)
  })

  test('behavior: error and cause messages and stacks are scrubbed, the input is not mutated', () => {
    const action = { type: 'siwx/signFailed', error: { message: `bad ${SOL}`, stack: 'at https://a.example/x.js?token=1:1:2' }, cause: { message: 'for ada@example.com', cause: { message: `0x${'ab'.repeat(20)}` } } }
    const frozen = JSON.parse(JSON.stringify(action))
    expect(scrubErrorText(action)).toEqual({ type: 'siwx/signFailed', error: { message: 'bad [address]', stack: 'at https://a.example/x.js:1:2' }, cause: { message: 'for [email]', cause: { message: '[address]' } } })
    expect(action).toEqual(frozen)
  })

  test('behavior: an error toast is scrubbed; other toasts and other `message` fields (a SIWX message to sign) are not', () => {
    const toast = (variant: string) => ({ type: 'notifications/showRequested', notification: { id: 't', variant, message: `m ${SOL}`, description: `d ${SOL}` } })
    expect(scrubErrorText(toast('error')).notification).toEqual({ id: 't', variant: 'error', message: 'm [address]', description: 'd [address]' })
    expect(scrubErrorText(toast('info'))).toEqual(toast('info'))
    const signing = { type: 'siwx/signRequested', message: `example.com wants you to sign in with your Solana account:\n${SOL}` }
    expect(scrubErrorText(signing)).toBe(signing)
  })
})

describe('scrubErrorText: which actions and fields are read', () => {
  test('behavior: the hot path: an action with no error, cause or notification is not even enumerated', () => {
    // Every dispatched action passes here; only the three key checks may look at it.
    const looked: string[] = []
    const action = new Proxy(
      { type: 'wallet/requestSucceeded', id: '1', method: 'eth_chainId' },
      {
        ownKeys: (target) => (looked.push('keys'), Reflect.ownKeys(target)),
        get: (target, key, receiver) => (looked.push(`get ${String(key)}`), Reflect.get(target, key, receiver)),
      },
    )
    expect(scrubErrorText(action)).toBe(action)
    expect(looked).toEqual([])
  })

  // Real secrets, as a library's error text quotes them: a fresh private key (64 hex digits) and
  // the address it controls.
  const key = generatePrivateKey()
  const address = privateKeyToAccount(key).address

  test.each([
    ['an `error` alone', { type: 'wallet/requestFailed', id: '1', method: 'eth_sendTransaction', error: { message: `signer ${address} failed with key ${key}`, code: -32603 } }, { type: 'wallet/requestFailed', id: '1', method: 'eth_sendTransaction', error: { message: 'signer [address] failed with key [redacted]', code: -32603 } }],
    ['a `cause` alone', { type: 'x/failed', cause: { message: `key ${key}`, code: 'E_KEY' } }, { type: 'x/failed', cause: { message: 'key [redacted]', code: 'E_KEY' } }],
  ] as const)('behavior: %s is scrubbed (each key opens the slow path on its own), other error fields kept', (_, action, scrubbed) => {
    expect(scrubErrorText(action)).toStrictEqual(scrubbed)
  })

  test('behavior: an error or cause given as a bare string is scrubbed too', () => {
    expect(scrubErrorText({ type: 'x/failed', error: `no funds at ${address}`, cause: `key ${key}` })).toStrictEqual({ type: 'x/failed', error: 'no funds at [address]', cause: 'key [redacted]' })
  })

  test('behavior: only message and stack are free text; the structured fields beside them stay verbatim', () => {
    // `code` and revert `data` are identifiers and on-chain data the UI and decoders match on,
    // not quoted user input: a revert's 32-byte word must not become `[redacted]`.
    const data = `0x${'00'.repeat(31)}01`
    const action = { type: 'wallet/requestFailed', error: { message: `reverted for ${address}`, code: 3, data, name: 'ContractFunctionRevertedError' } }
    expect(scrubErrorText(action)).toStrictEqual({ type: 'wallet/requestFailed', error: { message: 'reverted for [address]', code: 3, data, name: 'ContractFunctionRevertedError' } })
  })

  test('behavior: only `notification` is read as a toast; another field shaped like one is not touched', () => {
    // The text of a request (a SIWX message to sign) must reach the log exactly as signed.
    const request = { variant: 'error', message: `example.com wants you to sign in with your Ethereum account:\n${address}` }
    const action = { type: 'siwx/signFailed', error: { message: `by ${address}` }, request }
    const out = scrubErrorText(action)
    expect(out).toStrictEqual({ type: 'siwx/signFailed', error: { message: 'by [address]' }, request })
    expect(out.request).toBe(request)
  })

  test.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['an array', [{ message: 'not an error object' }]],
  ])('edge: an error, cause or notification that is %s is passed through as is', (_, value) => {
    for (const key of ['error', 'cause', 'notification']) {
      const action = { type: 'x/failed', [key]: value }
      expect(scrubErrorText(action), key).toBe(action)
    }
  })

  test('edge: a non-string message or stack (a serialized error without a stack) is left as is', () => {
    const action = { type: 'x/failed', error: { message: 404, stack: undefined, cause: { message: null } } }
    expect(scrubErrorText(action)).toBe(action)
  })

  test('edge: an error and its first three causes are scrubbed, none deeper (MAX_DEPTH), so a cyclic cause (hostile or careless) ends', () => {
    type Cyclic = { message: string; cause?: Cyclic }
    const error: Cyclic = { message: `key ${key}` }
    error.cause = error
    const out = scrubErrorText({ type: 'x/failed', error }).error as Cyclic
    // The error (depth 0) and three causes are scrubbed copies; the fourth cause is the original.
    expect([out, out.cause, out.cause?.cause, out.cause?.cause?.cause].map((e) => e?.message)).toEqual(Array(4).fill('key [redacted]'))
    expect(out.cause?.cause?.cause?.cause).toBe(error)
    // A clean cyclic error is not copied at all.
    const clean: Cyclic = { message: 'User rejected the request.' }
    clean.cause = clean
    const action = { type: 'x/failed', error: clean }
    expect(scrubErrorText(action)).toBe(action)
  })
})

describe('scrubErrorText: error toasts', () => {
  const email = 'ada@example.com'
  test('behavior: an error toast with a message only is scrubbed (no description is fine)', () => {
    expect(scrubErrorText({ type: 'notifications/showRequested', notification: { id: 't', variant: 'error', message: `No account for ${email}` } })).toStrictEqual({ type: 'notifications/showRequested', notification: { id: 't', variant: 'error', message: 'No account for [email]' } })
  })

  test('default: a clean error toast is returned as is (no copy)', () => {
    const action = { type: 'notifications/showRequested', notification: { id: 't', variant: 'error', message: 'Connection declined', description: 'Connection can be declined if a previous request is still active' } }
    expect(scrubErrorText(action)).toBe(action)
  })
})
