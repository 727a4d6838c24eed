import { afterEach, describe, expect, test } from 'vitest'
import { initWithStorageRecovery, isStoredDataError } from './initWithStorageRecovery.js'

/**
 * Starting the SDK over damaged stored data (issue 21, fault 6g): cleared and started once more,
 * but never for a network failure. The real SDK over a corrupted store runs in
 * tests/integration/walletConnect.storage.test.ts.
 */
const PREFIX = 'recovery-test'
const SLOT = `_walletConnectCore_${PREFIX}`
const scope = globalThis as Record<string, unknown>
afterEach(() => {
  delete scope[SLOT]
  delete scope[`${SLOT}_count`]
})

/** An init that builds (and caches, as the SDK does) a core, then fails with the given errors in turn. */
function sdk(...failures: unknown[]) {
  let calls = 0
  const cores: unknown[] = []
  return {
    get calls() {
      return calls
    },
    cores,
    init: async () => {
      calls++
      // The SDK's Core reuses a cached one; a fresh one is cached before its start can fail.
      if (scope[SLOT] === undefined) {
        scope[SLOT] = { core: calls }
        scope[`${SLOT}_count`] = 1
      } else scope[`${SLOT}_count`] = (scope[`${SLOT}_count`] as number) + 1
      cores.push(scope[SLOT])
      const failure = failures[calls - 1]
      if (failure !== undefined) throw failure
      return { provider: calls }
    },
  }
}

function storage(keys = 3) {
  let cleared = 0
  return {
    get cleared() {
      return cleared
    },
    clearSdkKeys: async () => {
      cleared++
      return keys
    },
  }
}

const CORRUPT = new TypeError('this.cached.forEach is not a function')

describe('initWithStorageRecovery', () => {
  test('default: a start that works is left alone', async () => {
    const run = sdk()
    const store = storage()
    const resets: number[] = []
    expect(await initWithStorageRecovery({ init: run.init, storage: store, prefix: PREFIX, onReset: () => resets.push(1) })).toEqual({ provider: 1 })
    expect([run.calls, store.cleared, resets.length]).toEqual([1, 0, 0])
    expect(scope[SLOT]).toBe(run.cores[0])
  })

  test('behavior: damaged data: the SDK keys are cleared, the broken cached core forgotten, and the second start gets a new core', async () => {
    const run = sdk(CORRUPT)
    const store = storage()
    const order: string[] = []
    const provider = await initWithStorageRecovery({ init: run.init, storage: store, prefix: PREFIX, onReset: () => order.push(`reset after ${store.cleared} clear`) })
    expect(provider).toEqual({ provider: 2 })
    expect(order).toEqual(['reset after 1 clear'])
    expect(run.cores[1]).not.toBe(run.cores[0])
    // No "Core is already initialized… Init() was called 2 times".
    expect(scope[`${SLOT}_count`]).toBe(1)
  })

  test('behavior: a JSON SyntaxError and other wrong-shape TypeErrors count as damaged data', async () => {
    for (const error of [new SyntaxError('Unexpected token g in JSON at position 0'), new TypeError('records is not iterable'), new TypeError("Cannot read properties of undefined (reading 'topic')")]) {
      const run = sdk(error)
      expect(await initWithStorageRecovery({ init: run.init, storage: storage(), prefix: PREFIX, onReset: () => {} }), error.message).toEqual({ provider: 2 })
      delete scope[SLOT]
    }
  })

  test('error: a network or relay failure is passed on; nothing is cleared, and "Try again" still gets a new core', async () => {
    const failures = [new TypeError('Failed to fetch'), new TypeError('NetworkError when attempting to fetch resource.'), new Error("Couldn't establish socket connection to the relay server: ws://127.0.0.1:1"), new Error('Subscribing to 1234 failed, please try again')]
    for (const failure of failures) {
      const run = sdk(failure)
      const store = storage()
      await expect(initWithStorageRecovery({ init: run.init, storage: store, prefix: PREFIX, onReset: () => {} })).rejects.toBe(failure)
      expect([run.calls, store.cleared], failure.message).toEqual([1, 0])
      expect(scope[SLOT], failure.message).toBeUndefined()
    }
  })

  test('error: damaged data but no SDK keys to clear: passed on, no second start', async () => {
    const run = sdk(CORRUPT)
    const resets: number[] = []
    await expect(initWithStorageRecovery({ init: run.init, storage: storage(0), prefix: PREFIX, onReset: () => resets.push(1) })).rejects.toBe(CORRUPT)
    expect([run.calls, resets.length]).toEqual([1, 0])
  })

  test('error: a second failure is passed on and its core forgotten too (one retry only)', async () => {
    const again = new TypeError('x.map is not a function')
    const run = sdk(CORRUPT, again)
    await expect(initWithStorageRecovery({ init: run.init, storage: storage(), prefix: PREFIX, onReset: () => {} })).rejects.toBe(again)
    expect(run.calls).toBe(2)
    expect(scope[SLOT]).toBeUndefined()
  })

  test('error: a core that existed before (another client on the page) is neither dropped nor has its data cleared', async () => {
    const other = { core: 'other client' }
    scope[SLOT] = other
    const run = sdk(CORRUPT)
    const store = storage()
    await expect(initWithStorageRecovery({ init: run.init, storage: store, prefix: PREFIX, onReset: () => {} })).rejects.toBe(CORRUPT)
    expect(scope[SLOT]).toBe(other)
    expect(store.cleared).toBe(0)
  })
})

describe('isStoredDataError', () => {
  test('default: wrong-shape TypeErrors of each engine and JSON SyntaxErrors', () => {
    for (const message of [
      'this.cached.forEach is not a function',
      "this.cached.forEach is not a function. (In 'this.cached.forEach(...)', 'this.cached.forEach' is undefined)",
      'keychain is not iterable',
      "Cannot read properties of null (reading 'id')",
      "can't access property \"id\", value is null",
      "undefined is not an object (evaluating 'value.topic')",
    ])
      expect(isStoredDataError(new TypeError(message)), message).toBe(true)
    expect(isStoredDataError(new SyntaxError('JSON.parse: unexpected character at line 1 column 1 of the JSON data'))).toBe(true)
  })

  test('error: network TypeErrors, plain Errors and non-errors are not', () => {
    for (const error of [new TypeError('Failed to fetch'), new TypeError('Load failed'), new TypeError('NetworkError when attempting to fetch resource.'), new Error('this.cached.forEach is not a function'), new DOMException('', 'QuotaExceededError'), 'TypeError', null, undefined])
      expect(isStoredDataError(error), String(error)).toBe(false)
  })
})
