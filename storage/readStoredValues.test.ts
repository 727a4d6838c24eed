import { describe, expect, test } from 'vitest'
import { createMemoryBackend } from './backends/createMemoryBackend.js'
import type { StorageBackend } from './backends/StorageBackend.js'
import { STORAGE_KEYS, STORAGE_VERSION_KEY, type RawStoredValues } from './keys.js'
import { readStoredValues, type ReadStoredValuesParameters } from './readStoredValues.js'

const NAMESPACE = STORAGE_KEYS.activeNamespace.key
const WALLETS = STORAGE_KEYS.recentWallets.key
const COOLDOWN = STORAGE_KEYS.walletLastEmailLoginTime.key
const wallets = [
  { id: 'a', name: 'A' },
  { id: 'b', name: 'B' },
  { id: 'c', name: 'C' },
]

/** Reads `seed` (storage keys → raw values) on a memory backend, recording every write batch. */
async function read(seed: Record<string, unknown>, migrate: ReadStoredValuesParameters['migrate'] = (_, values) => values) {
  const backend = createMemoryBackend(new Map(Object.entries(seed)))
  const writes: [sets: [string, unknown][], removes: string[]][] = []
  const recording: StorageBackend = { ...backend, write: (sets, removes) => (writes.push([sets.map(([k, v]) => [k, v]), [...removes]]), backend.write(sets, removes)) }
  const known = new Map<string, unknown>()
  const values = await readStoredValues({ run: (step) => step(recording), known, version: 1, migrate, onFutureVersion: () => {} })
  const after = await backend.read([STORAGE_VERSION_KEY, NAMESPACE, WALLETS, COOLDOWN])
  return { values, writes, known, after }
}

describe('readStoredValues', () => {
  test('default: valid data of the current version is read without writing anything back', async () => {
    const { values, writes } = await read({ [STORAGE_VERSION_KEY]: 1, [NAMESPACE]: 'solana', [WALLETS]: wallets })
    // Normalised on the way in (at most RECENT_WALLETS_MAX recent wallets) but not rewritten: only a migration rewrites.
    expect(values).toEqual({ activeNamespace: 'solana', recentWallets: wallets.slice(0, 2) })
    expect(writes).toEqual([])
  })

  test('behavior: a fresh, empty store only stamps the version', async () => {
    const { values, writes } = await read({})
    expect(values).toEqual({})
    expect(writes).toEqual([[[[STORAGE_VERSION_KEY, 1]], []]])
  })

  test('behavior: a corrupt value of the current version is removed (a write with removes only), the good ones kept', async () => {
    const { values, writes, after } = await read({ [STORAGE_VERSION_KEY]: 1, [NAMESPACE]: 'not-a-namespace', [WALLETS]: wallets })
    expect(values).toEqual({ recentWallets: wallets.slice(0, 2) })
    expect(writes).toEqual([[[], [NAMESPACE]]])
    expect(after).toEqual([1, undefined, wallets, undefined])
  })

  test('behavior: a garbage cooldown is left in place for its owner (it must fail closed), so nothing is written', async () => {
    const { values, writes, after } = await read({ [STORAGE_VERSION_KEY]: 1, [COOLDOWN]: 'yesterday' })
    expect(values).toEqual({})
    expect(writes).toEqual([])
    expect(after).toEqual([1, undefined, undefined, 'yesterday'])
  })

  test('behavior: migrated values are written back in the current shapes, with the version', async () => {
    const { values, writes } = await read({ [NAMESPACE]: 'solana', [WALLETS]: wallets })
    expect(values).toEqual({ activeNamespace: 'solana', recentWallets: wallets.slice(0, 2) })
    expect(writes).toEqual([
      [
        [
          [NAMESPACE, 'solana'],
          [WALLETS, wallets.slice(0, 2)],
          [STORAGE_VERSION_KEY, 1],
        ],
        [],
      ],
    ])
  })

  // A migrate hook is host code: whatever it returns that is not a plain object of values leaves nothing to trust.
  test.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a number', 5],
    ['a string', 'solana'],
    ['an array', [['activeNamespace', 'solana']]],
    ['a function carrying values', Object.assign(() => {}, { activeNamespace: 'solana' })],
  ])('error: a migration returning %s reads as no data: every stored value is removed, nothing thrown', async (_, migrated) => {
    const { values, writes, known, after } = await read({ [NAMESPACE]: 'solana', [WALLETS]: wallets }, () => migrated as RawStoredValues)
    expect(values).toEqual({})
    expect(writes).toEqual([[[[STORAGE_VERSION_KEY, 1]], [NAMESPACE, WALLETS]]])
    expect([...known]).toEqual([[STORAGE_VERSION_KEY, 1]])
    expect(after).toEqual([1, undefined, undefined, undefined])
  })
})
