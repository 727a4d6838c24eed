import type { StorageBackend } from './backends/StorageBackend.js'
import { STORAGE_KEYS, STORAGE_VERSION_KEY, storageVersionSchema, type RawStoredValues, type StorageName, type StoredValues } from './keys.js'

export interface ReadStoredValuesParameters {
  /** Runs one IO step on the current backend (with the fallback to memory). */
  run: <T>(step: (backend: StorageBackend) => Promise<T>) => Promise<T>
  /** Validated values by storage key; updated with what this read finds. */
  known: Map<string, unknown>
  /** The version this code writes. */
  version: number
  migrate: (fromVersion: number, values: RawStoredValues) => RawStoredValues | Promise<RawStoredValues>
  /** Called (and nothing is returned, written or removed) when the data is newer than this code. */
  onFutureVersion: (version: number) => void
}

const NAMES = Object.keys(STORAGE_KEYS) as StorageName[]

/**
 * Reads every key in one batch, migrates older data, validates each value and
 * removes what is corrupt or wrong-shaped, then stamps the current version.
 * @example const values = await readStoredValues({ run, known, version: 1, migrate, onFutureVersion })
 */
export async function readStoredValues(parameters: ReadStoredValuesParameters): Promise<Partial<StoredValues>> {
  const { run, known, version: current, migrate, onFutureVersion } = parameters
  const [rawVersion, ...rawValues] = await run((backend) => backend.read([STORAGE_VERSION_KEY, ...NAMES.map((name) => STORAGE_KEYS[name].key)]))
  const raw: RawStoredValues = {}
  NAMES.forEach((name, index) => {
    if (rawValues[index] !== undefined) raw[name] = rawValues[index]
  })
  const hasData = Object.keys(raw).length > 0
  const version = readVersion(rawVersion, hasData, current)
  if (version > current) {
    onFutureVersion(version)
    return {}
  }

  const migrating = version < current && hasData
  const values = migrating ? await runMigration(migrate, version, raw) : raw
  const valid: Partial<Record<StorageName, unknown>> = {}
  const sets: [string, unknown][] = []
  const removes: string[] = []
  for (const name of NAMES) {
    const { key, schema } = STORAGE_KEYS[name]
    const value = values[name]
    if (value === undefined) {
      if (raw[name] !== undefined) removes.push(key)
      known.delete(key)
      continue
    }
    const parsed = schema.safeParse(value)
    if (parsed.success) {
      valid[name] = parsed.data
      known.set(key, parsed.data)
      // Migrated values are written back in this version's shapes.
      if (migrating) sets.push([key, parsed.data])
      continue
    }
    known.delete(key)
    // A fail-closed key (a cooldown) is left for its owner's getItem, which must see that it was garbage.
    if (!('whenInvalid' in STORAGE_KEYS[name])) removes.push(key)
  }
  known.set(STORAGE_VERSION_KEY, current)
  if (rawVersion !== current) sets.push([STORAGE_VERSION_KEY, current])
  if (sets.length > 0 || removes.length > 0) await run((backend) => backend.write(sets, removes))
  return valid as Partial<StoredValues>
}

/** No version and no data is a fresh store; data without a (valid) version predates versioning: 0. */
function readVersion(raw: unknown, hasData: boolean, current: number): number {
  if (raw === undefined) return hasData ? 0 : current
  const parsed = storageVersionSchema.safeParse(raw)
  return parsed.success ? parsed.data : 0
}

/** A migration that throws or returns garbage leaves nothing trustworthy: everything reads as absent. */
async function runMigration(migrate: ReadStoredValuesParameters['migrate'], from: number, raw: RawStoredValues): Promise<RawStoredValues> {
  try {
    const migrated = await migrate(from, { ...raw })
    return migrated !== null && typeof migrated === 'object' && !Array.isArray(migrated) ? migrated : {}
  } catch {
    return {}
  }
}
