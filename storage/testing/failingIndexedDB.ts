/**
 * IndexedDB factories that fail the ways browsers do: `open` throwing
 * (SecurityError in some private modes), an open request that errors, and
 * one that is blocked.
 * @example createStorage({ window: { indexedDB: failingIndexedDB('throws') } })
 */
export function failingIndexedDB(mode: 'throws' | 'errors' | 'blocked'): IDBFactory {
  const factory = {
    open(): IDBOpenDBRequest {
      if (mode === 'throws') throw new DOMException('The operation is insecure.', 'SecurityError')
      const request = { error: new DOMException('Internal error opening backing store', 'UnknownError') } as {
        error: DOMException
        onerror?: () => void
        onblocked?: () => void
      }
      queueMicrotask(() => (mode === 'errors' ? request.onerror?.() : request.onblocked?.()))
      return request as unknown as IDBOpenDBRequest
    },
  }
  return factory as unknown as IDBFactory
}
