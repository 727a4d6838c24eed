import { forceCloseDatabase, IDBFactory } from 'fake-indexeddb'
import { get, set } from 'idb-keyval'
import { describe, expect, test } from 'vitest'
import { failingIndexedDB } from '../testing/failingIndexedDB.js'
import { createKeyvalStore } from './createKeyvalStore.js'

/** A factory handing out real fake-indexeddb databases, and recording them so a test can break them. */
function recordingFactory(): { factory: IDBFactory; databases: IDBDatabase[] } {
  const real = new IDBFactory()
  const databases: IDBDatabase[] = []
  const factory = {
    open: (name: string, version?: number) => {
      const request = real.open(name, version)
      request.addEventListener('success', () => databases.push(request.result))
      return request
    },
  } as unknown as IDBFactory
  return { factory, databases }
}

/** Opens `name` at `version` the way another tab would; says whether it got through or was blocked. */
function openElsewhere(factory: IDBFactory, name: string, version?: number): Promise<'opened' | 'blocked'> {
  const request = factory.open(name, version)
  return new Promise((resolve) => {
    request.onsuccess = () => {
      request.result.close()
      resolve('opened')
    }
    request.onblocked = () => resolve('blocked')
  })
}

describe('createKeyvalStore', () => {
  test("default: the object store is idb-keyval's 'keyval', so data of idb-keyval's own createStore stays readable", async () => {
    const indexedDB = new IDBFactory()
    await set('@airlock/active_namespace', 'eip155', createKeyvalStore(indexedDB, 'airlock'))
    const request = indexedDB.open('airlock')
    const database = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)))
    expect([...database.objectStoreNames]).toEqual(['keyval'])
    database.close()
  })

  test('behavior: a failing open rejects with the error of the open request', async () => {
    await expect(get('key', createKeyvalStore(failingIndexedDB('errors'), 'airlock'))).rejects.toMatchObject({
      name: 'UnknownError',
      message: 'Internal error opening backing store',
    })
  })

  test('behavior: a failing open without an error of its own rejects with a generic one', async () => {
    // Some engines fire `error` with `request.error` still null.
    const factory = {
      open: () => {
        const request = { error: null } as { error: null; onerror?: () => void }
        queueMicrotask(() => request.onerror?.())
        return request
      },
    } as unknown as IDBFactory
    await expect(get('key', createKeyvalStore(factory, 'airlock'))).rejects.toThrow(/^IndexedDB could not be opened$/)
  })

  test('behavior: a blocked open rejects instead of hanging', async () => {
    await expect(get('key', createKeyvalStore(failingIndexedDB('blocked'), 'airlock'))).rejects.toThrow(/^IndexedDB open is blocked$/)
  })

  test('behavior: a failed open is not cached, the next operation opens again', async () => {
    const real = new IDBFactory()
    let opens = 0
    // The first open errors (a transient failure), later ones reach a real database.
    const factory = {
      open: (name: string) => (++opens === 1 ? failingIndexedDB('errors').open(name) : real.open(name)),
    } as unknown as IDBFactory
    const store = createKeyvalStore(factory, 'airlock')
    await expect(set('key', 1, store)).rejects.toMatchObject({ name: 'UnknownError' })
    await set('key', 2, store)
    await expect(get('key', store)).resolves.toBe(2)
    expect(opens).toBe(2)
  })

  test('behavior: the database is opened once and shared by every operation', async () => {
    const { factory, databases } = recordingFactory()
    const store = createKeyvalStore(factory, 'airlock')
    await Promise.all([set('a', 1, store), set('b', 2, store)])
    await expect(get('a', store)).resolves.toBe(1)
    expect(databases).toHaveLength(1)
  })

  test('behavior: another tab upgrading the database is let through, and the store reopens after it', async () => {
    const { factory, databases } = recordingFactory()
    const store = createKeyvalStore(factory, 'airlock')
    await set('key', 'kept', store)
    // Without closing on `versionchange` the other tab's upgrade would be blocked for as long as this page lives.
    await expect(openElsewhere(factory, 'airlock', 2)).resolves.toBe('opened')
    await expect(get('key', store)).resolves.toBe('kept')
    // Our first connection (closed), the other tab's, and our reopened one.
    expect(databases).toHaveLength(3)
  })

  test('behavior: another tab deleting the database is let through, and the store starts afresh', async () => {
    const indexedDB = new IDBFactory()
    const store = createKeyvalStore(indexedDB, 'airlock')
    await set('key', 'gone', store)
    const deleting = indexedDB.deleteDatabase('airlock')
    await expect(new Promise((resolve) => {
      deleting.onsuccess = () => resolve('deleted')
      deleting.onblocked = () => resolve('blocked')
    })).resolves.toBe('deleted')
    await expect(get('key', store)).resolves.toBeUndefined()
    await set('key', 'new', store)
    await expect(get('key', store)).resolves.toBe('new')
  })

  test('behavior: a connection the browser closes (data cleared in DevTools) is reopened on the next operation', async () => {
    const { factory, databases } = recordingFactory()
    const store = createKeyvalStore(factory, 'airlock')
    await set('key', 1, store)
    forceCloseDatabase(databases[0] as never)
    await set('key', 2, store)
    await expect(get('key', store)).resolves.toBe(2)
    expect(databases).toHaveLength(2)
  })
})
