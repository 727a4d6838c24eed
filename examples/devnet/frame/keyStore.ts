import type { Hex } from 'viem'

/**
 * The dev frame's storage, in its own origin's IndexedDB: private keys per user (never sent
 * anywhere) and the current session. The page that embeds the frame cannot read any of it.
 */
export interface StoredUser {
  /** `email:ada@example.com`, `github:ada`, `farcaster:ada`. */
  readonly identity: string
  readonly privateKey: Hex
  /** The Solana key's 32-byte seed (hex), beside the EVM key; added on first use for users made before it. */
  readonly solanaSeed?: string
  readonly email?: string
  readonly userName?: string
}

export interface StoredSession {
  readonly identity: string
  readonly token: string
}

const DB_NAME = 'airlock-dev-frame'

export interface KeyStore {
  getUser(identity: string): Promise<StoredUser | undefined>
  putUser(user: StoredUser): Promise<void>
  deleteUser(identity: string): Promise<void>
  getSession(): Promise<StoredSession | undefined>
  putSession(session: StoredSession | undefined): Promise<void>
}

export async function openKeyStore(): Promise<KeyStore> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1)
    open.onupgradeneeded = () => {
      open.result.createObjectStore('users')
      open.result.createObjectStore('session')
    }
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error ?? new Error('IndexedDB unavailable'))
  })
  const run = <T>(store: string, mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest): Promise<T> =>
    new Promise((resolve, reject) => {
      const request = op(db.transaction(store, mode).objectStore(store))
      request.onsuccess = () => resolve(request.result as T)
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
    })
  return {
    getUser: (identity) => run('users', 'readonly', (s) => s.get(identity)),
    putUser: (user) => run('users', 'readwrite', (s) => s.put(user, user.identity)),
    deleteUser: (identity) => run('users', 'readwrite', (s) => s.delete(identity)),
    getSession: () => run('session', 'readonly', (s) => s.get('current')),
    putSession: (session) => run('session', 'readwrite', (s) => (session ? s.put(session, 'current') : s.delete('current'))),
  }
}
