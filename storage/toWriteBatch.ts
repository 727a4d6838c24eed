import { BaseError } from '../core/errors/BaseError.js'
import { STORAGE_KEYS, type StorageName } from './keys.js'

export interface WriteBatch {
  readonly sets: [key: string, value: unknown][]
  readonly removes: string[]
}

/**
 * Validates values by logical name into storage keys to set (the parsed,
 * normalised values) and keys to remove (`undefined` or `null`). Throws for
 * any unknown name or wrong-shaped value, so a bad batch writes nothing.
 * @example toWriteBatch({ activeNamespace: 'eip155', connections: undefined })
 */
export function toWriteBatch(values: Partial<Record<StorageName, unknown>>): WriteBatch {
  const sets: [string, unknown][] = []
  const removes: string[] = []
  const invalid: string[] = []
  for (const [name, value] of Object.entries(values)) {
    if (!Object.hasOwn(STORAGE_KEYS, name)) {
      invalid.push(name)
      continue
    }
    const { key, schema } = STORAGE_KEYS[name as StorageName]
    if (value === undefined || value === null) {
      removes.push(key)
      continue
    }
    const parsed = schema.safeParse(value)
    if (parsed.success) sets.push([key, parsed.data])
    else invalid.push(name)
  }
  if (invalid.length > 0) throw new BaseError('Invalid storage values', { details: `rejected: ${invalid.join(', ')}` })
  return { sets, removes }
}
