import { describe, expect, test } from 'vitest'
import { BaseError } from '../core/errors/BaseError.js'
import { STORAGE_KEYS, type StorageName } from './keys.js'
import { toWriteBatch } from './toWriteBatch.js'

const wallets = [
  { id: 'a', name: 'A' },
  { id: 'b', name: 'B' },
  { id: 'c', name: 'C' },
]

/** What `toWriteBatch` threw, or undefined. */
function thrown(values: Record<string, unknown>): unknown {
  try {
    toWriteBatch(values as Partial<Record<StorageName, unknown>>)
  } catch (error) {
    return error
  }
  return undefined
}

describe('toWriteBatch', () => {
  test('default: values become parsed sets by storage key; undefined and null become removes', () => {
    expect(toWriteBatch({ activeNamespace: 'solana', recentWallets: wallets, connections: undefined, socialUsername: null })).toEqual({
      // The parsed value is written: at most RECENT_WALLETS_MAX recent wallets.
      sets: [
        [STORAGE_KEYS.activeNamespace.key, 'solana'],
        [STORAGE_KEYS.recentWallets.key, wallets.slice(0, 2)],
      ],
      removes: [STORAGE_KEYS.connections.key, STORAGE_KEYS.socialUsername.key],
    })
  })

  test('error: unknown names and wrong-shaped values are all named, in order, and nothing is returned to write', () => {
    const error = thrown({ activeNamespace: 'eip155', bogus: 1, connectedSocial: 'myspace', toString: 'x' })
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({ shortMessage: 'Invalid storage values', details: 'rejected: bogus, connectedSocial, toString' })
  })

  test('error: one rejected name is named alone', () => {
    expect(thrown({ walletEmail: 'not an email' })).toMatchObject({ shortMessage: 'Invalid storage values', details: 'rejected: walletEmail' })
  })
})
