/** `airlock/storage`: validated, versioned persistence with a memory fallback, and the epic that feeds it. */
export { createStorage, CURRENT_STORAGE_VERSION } from './createStorage.js'
export type { AirlockStorage, CreateStorageParameters } from './createStorage.js'
export { STORAGE_KEYS, STORAGE_VERSION_KEY } from './keys.js'
export type { RawStoredValues, StorageName, StoredValues } from './keys.js'
export { persistenceEpic } from './persistenceEpic.js'
export { readCooldownStart } from './readCooldownStart.js'
export { selectPersisted } from './selectPersisted.js'
export type { BackendPreference, StorageWindow } from './selectBackend.js'
