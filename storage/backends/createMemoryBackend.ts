import type { StorageBackend } from './StorageBackend.js'

/**
 * A Map-backed backend: the last resort, and where a failing backend's values go.
 * Values are cloned both ways so callers never share references with the store.
 * @example const backend = createMemoryBackend(new Map([['@airlock/active_namespace', 'eip155']]))
 */
export function createMemoryBackend(seed: ReadonlyMap<string, unknown> = new Map()): StorageBackend {
  const values = new Map<string, unknown>()
  for (const [key, value] of seed) values.set(key, structuredClone(value))
  return {
    kind: 'memory',
    read: async (keys) => keys.map((key) => structuredClone(values.get(key))),
    write: async (sets, removes) => {
      for (const [key, value] of sets) values.set(key, structuredClone(value))
      for (const key of removes) values.delete(key)
    },
    clear: async () => values.clear(),
  }
}
