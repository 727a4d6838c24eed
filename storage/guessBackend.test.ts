import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, test } from 'vitest'
import { guessBackend, type BackendPreference, type StorageWindow } from './guessBackend.js'
import { MapStorage } from './testing/MapStorage.js'

const both: StorageWindow = { indexedDB: new IDBFactory(), localStorage: new MapStorage() }
/** Cookies blocked: reading the property itself throws. Built inside the test: vitest inspects table rows while collecting, which would throw. */
const blocked = (): StorageWindow => ({
  get localStorage(): Storage {
    throw new DOMException('Access is denied for this document.', 'SecurityError')
  },
})

describe('guessBackend', () => {
  test.each([
    ['auto', 'both', both, 'indexeddb'],
    ['auto', 'localStorage only', { localStorage: new MapStorage() }, 'localStorage'],
    ['auto', 'null APIs', { indexedDB: null, localStorage: null }, 'memory'],
    ['auto', 'a throwing localStorage getter', blocked, 'memory'],
    ['auto', 'nothing (a server)', {}, 'memory'],
    ['localStorage', 'both', both, 'localStorage'],
    ['localStorage', 'IndexedDB only', { indexedDB: new IDBFactory() }, 'memory'],
    ['indexeddb', 'localStorage only', { localStorage: new MapStorage() }, 'memory'],
    ['memory', 'both', both, 'memory'],
  ] as [BackendPreference, string, StorageWindow | (() => StorageWindow), string][])('behavior: %s with %s → %s', (preference, _, env, kind) => {
    expect(guessBackend(preference, typeof env === 'function' ? env() : env)).toBe(kind)
  })
})
