/**
 * A few zod-3-compatible checks for the options on the start-up path. zod is about 14 KB gzip, and
 * `createAirlock` must validate synchronously before the first render, so the options are checked
 * here instead (issue #7). The zod schemas stay the public contract (`optionsSchema`); a property
 * test keeps these checks agreeing with them, issue for issue, so the semantics mirror zod's:
 * `dirty` (a check failed but the type is right: refinements still run, a union takes it) and
 * `aborted` (wrong type: the parent stops), and the messages use zod 3's English wording.
 */

export type Path = (string | number)[]
export interface Issue {
  path: Path
  message: string
}
/** 0 valid, 1 dirty, 2 aborted (zod's ParseStatus). */
export type Status = 0 | 1 | 2
export type Validator<T = unknown> = (value: unknown, path: Path, issues: Issue[]) => [Status, T]

const ABORTED: [2, never] = [2, undefined as never]

/** zod 3's `getParsedType`: the word used in "received …". */
export function parsedType(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'nan' : 'number'
  if (typeof value !== 'object') return typeof value
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  const thenable = value as { then?: unknown; catch?: unknown }
  if (thenable.then && typeof thenable.then === 'function' && thenable.catch && typeof thenable.catch === 'function') return 'promise'
  return value instanceof Map ? 'map' : value instanceof Set ? 'set' : value instanceof Date ? 'date' : 'object'
}

export function typeIssue(expected: string, value: unknown, path: Path, issues: Issue[]): [2, never] {
  issues.push({ path, message: value === undefined ? 'Required' : `Expected ${expected}, received ${parsedType(value)}` })
  return ABORTED
}

const quote = (values: readonly string[], separator: string) => values.map((v) => `'${v}'`).join(separator)

/** A primitive with zod's non-fatal checks: each returns a message when it fails. */
function primitive<T>(type: string, ...checks: ((value: T) => string | undefined)[]): Validator<T> {
  return (value, path, issues) => {
    if (parsedType(value) !== type) return typeIssue(type, value, path, issues)
    let status: Status = 0
    for (const check of checks) {
      const message = check(value as T)
      if (message !== undefined) {
        issues.push({ path, message })
        status = 1
      }
    }
    return [status, value as T]
  }
}

export const string = (...checks: ((value: string) => string | undefined)[]) => primitive<string>('string', ...checks)
export const number = (...checks: ((value: number) => string | undefined)[]) => primitive<number>('number', ...checks)
export const boolean: Validator<boolean> = primitive<boolean>('boolean')

export const minLength = (min: number) => (value: string) => (value.length < min ? `String must contain at least ${min} character(s)` : undefined)
export const integer = (value: number) => (Number.isInteger(value) ? undefined : 'Expected integer, received float')
export const atLeast = (min: number) => (value: number) => (value < min ? `Number must be greater than or equal to ${min}` : undefined)
export const atMost = (max: number) => (value: number) => (value > max ? `Number must be less than or equal to ${max}` : undefined)

/** `z.enum`: a wrong type or an unknown value aborts. */
export function oneOf<T extends string>(values: readonly T[]): Validator<T> {
  return (value, path, issues) => {
    if (typeof value !== 'string') return typeIssue(quote(values, ' | '), value, path, issues)
    if (values.includes(value as T)) return [0, value as T]
    issues.push({ path, message: `Invalid enum value. Expected ${quote(values, ' | ')}, received '${value}'` })
    return ABORTED
  }
}

/** `z.custom` with a message: fatal, and it sees `undefined` too. */
export const fn: Validator = (value, path, issues) => {
  if (typeof value === 'function') return [0, value]
  issues.push({ path, message: 'Expected function' })
  return ABORTED
}

export function optional<T>(inner: Validator<T>): Validator<T | undefined> {
  return (value, path, issues) => (value === undefined ? [0, undefined] : inner(value, path, issues))
}

/** `.refine`: runs unless the inner check aborted; a failure is not fatal. */
export function refine<T>(inner: Validator<T>, ok: (value: T) => boolean, message: string): Validator<T> {
  return (value, path, issues) => {
    const [status, out] = inner(value, path, issues)
    if (status === 2) return ABORTED
    if (ok(out)) return [status, out]
    issues.push({ path, message })
    return [1, out]
  }
}

/** `.readonly()`: a valid result is frozen, as zod's is. */
export function frozen<T>(inner: Validator<T>): Validator<T> {
  return (value, path, issues) => {
    const result = inner(value, path, issues)
    return result[0] === 0 ? [0, Object.freeze(result[1])] : result
  }
}

/** `z.union`: the first valid option, else the first dirty one's issues, else "Invalid input". */
export function union<T>(...options: Validator<T>[]): Validator<T> {
  return (value, path, issues) => {
    let dirty: { result: [Status, T]; issues: Issue[] } | undefined
    for (const option of options) {
      const own: Issue[] = []
      const result = option(value, path, own)
      if (result[0] === 0) return result
      if (result[0] === 1 && !dirty) dirty = { result, issues: own }
    }
    if (dirty) {
      issues.push(...dirty.issues)
      return dirty.result
    }
    issues.push({ path, message: 'Invalid input' })
    return ABORTED
  }
}

export function array<T>(item: Validator<T>, min = 0): Validator<T[]> {
  return (value, path, issues) => {
    if (!Array.isArray(value)) return typeIssue('array', value, path, issues)
    let status: Status = 0
    if (value.length < min) {
      issues.push({ path, message: `Array must contain at least ${min} element(s)` })
      status = 1
    }
    const out: T[] = []
    for (const [index, entry] of value.entries()) {
      const [s, v] = item(entry, [...path, index], issues)
      status = Math.max(status, s) as Status
      out.push(v)
    }
    return status === 2 ? ABORTED : [status, out]
  }
}

/**
 * `z.object(shape)`, stripping unknown keys, rejecting them (`strict`) or keeping them
 * (`passthrough`); `partial` is zod's `.partial()` (every key may be undefined).
 */
export function object<T>(shape: Record<string, Validator>, unknownKeys: 'strip' | 'strict' | 'passthrough' = 'strip', partial = false): Validator<T> {
  return (value, path, issues) => {
    if (parsedType(value) !== 'object') return typeIssue('object', value, path, issues)
    const input = value as Record<string, unknown>
    const out: Record<string, unknown> = {}
    const keys = Object.keys(shape)
    let status: Status = 0
    for (const key of keys) {
      const [s, v] = partial && input[key] === undefined ? [0, undefined] : shape[key]!(input[key], [...path, key], issues)
      status = Math.max(status, s) as Status
      if (v !== undefined || key in input) out[key] = v
    }
    const extra: string[] = []
    // for…in, as zod: inherited enumerable keys count too.
    for (const key in input) if (!keys.includes(key)) extra.push(key)
    if (extra.length > 0 && unknownKeys === 'strict') {
      issues.push({ path, message: `Unrecognized key(s) in object: ${quote(extra, ', ')}` })
      status = Math.max(status, 1) as Status
    }
    if (unknownKeys === 'passthrough') for (const key of extra) if (key !== '__proto__' && input[key] !== undefined) out[key] = input[key]
    return status === 2 ? ABORTED : [status, out as T]
  }
}

/** `z.record(valueType)` with string keys. */
export function record<T>(item: Validator<T>): Validator<Record<string, T>> {
  return (value, path, issues) => {
    if (parsedType(value) !== 'object') return typeIssue('object', value, path, issues)
    const out: Record<string, T> = {}
    let status: Status = 0
    for (const key in value as Record<string, unknown>) {
      const [s, v] = item((value as Record<string, unknown>)[key], [...path, key], issues)
      status = Math.max(status, s) as Status
      if (key !== '__proto__') out[key] = v
    }
    return status === 2 ? ABORTED : [status, out]
  }
}
