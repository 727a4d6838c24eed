import { catchError, defer, from, of, type Observable } from 'rxjs'
import type { StorageDep } from '../../deps.js'

/** The feature keys the auth connector keeps (SPEC 3 "prefixed keys"), as named in `storage/keys.ts`. */
export type AuthStorageName =
  | 'walletEmail'
  | 'walletEmailLoginUsed'
  | 'walletLastEmailLoginTime'
  | 'walletSocialUsername'
  | 'connectedSocial'
  | 'walletSocialLoginStarted'
  | 'walletSmartAccountEnabledNetworks'
  | 'preferredAccountTypes'

interface KeyedStorage {
  getItem(name: AuthStorageName): Promise<unknown>
  setItem(name: AuthStorageName, value: unknown): Promise<void>
}

function keyed(storage: StorageDep): KeyedStorage | null {
  const s = storage as Partial<KeyedStorage>
  return typeof s.getItem === 'function' && typeof s.setItem === 'function' ? (s as KeyedStorage) : null
}

/**
 * Reads one feature key; a storage without typed access, a failure or an invalid value is
 * `undefined` (the storage layer validates with zod and drops what is corrupt).
 * @example readAuthItem(deps.storage, 'walletLastEmailLoginTime')
 */
export function readAuthItem(storage: StorageDep, name: AuthStorageName): Observable<unknown> {
  const s = keyed(storage)
  if (!s) return of(undefined)
  return defer(() => from(s.getItem(name))).pipe(catchError(() => of(undefined)))
}

/** Writes (or with null removes) feature keys, best effort: a failing write never breaks the login. */
export function writeAuthItems(storage: StorageDep, values: Partial<Record<AuthStorageName, unknown>>): Promise<void> {
  const s = keyed(storage)
  if (!s) return Promise.resolve()
  return Promise.all(Object.entries(values).map(([name, value]) => s.setItem(name as AuthStorageName, value).catch(() => undefined))).then(() => undefined)
}

/** SPEC 4: what a sign-out or a failed connection check wipes. */
export const CACHED_LOGIN_DATA: Partial<Record<AuthStorageName, null>> = {
  walletEmail: null,
  walletSocialUsername: null,
  connectedSocial: null,
  walletEmailLoginUsed: null,
}
