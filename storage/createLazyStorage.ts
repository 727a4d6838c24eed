import type { StorageDep } from '../core/deps.js'
import type { AirlockStorage, CreateStorageParameters } from './createStorage.js'
import { guessBackend, type StorageWindow } from './guessBackend.js'

/**
 * `createStorage` behind a dynamic import: what `createAirlock` uses by default, so the storage
 * code (backends, idb-keyval, zod schemas) is fetched with the other start-up effects
 * (`core/startupEffects.ts`) for the first read instead of blocking the page's first render.
 * Same behaviour once loaded.
 * @example createAirlock({ deps: { storage: createLazyStorage({ window }) } })
 */
export function createLazyStorage(parameters: CreateStorageParameters = {}): StorageDep & Pick<AirlockStorage, 'getItem' | 'setItem' | 'removeItem'> {
  let loaded: AirlockStorage | undefined
  let loading: Promise<AirlockStorage> | undefined
  const storage = (): Promise<AirlockStorage> =>
    (loading ??= import('../core/startupEffects.js').then(({ createStorage }) => (loaded = createStorage(parameters))))
  return {
    get backend() {
      return loaded?.backend ?? guessBackend(parameters.backend ?? 'auto', parameters.window ?? (globalThis as StorageWindow))
    },
    load: () => storage().then((real) => real.load()),
    save: (values) => storage().then((real) => real.save(values)),
    // Typed access to the feature keys (email login, cooldown...), for the lazy feature modules.
    getItem: (name) => storage().then((real) => real.getItem(name)),
    setItem: (name, value) => storage().then((real) => real.setItem(name, value)),
    removeItem: (name) => storage().then((real) => real.removeItem(name)),
  } as StorageDep & Pick<AirlockStorage, 'getItem' | 'setItem' | 'removeItem'>
}
