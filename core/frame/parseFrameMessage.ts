import type { z } from 'zod'
import {
  APP_PAYLOADS,
  APP_PREFIX,
  type AppMessage,
  errorPayloadSchema,
  FRAME_PREFIX,
  FRAME_REQUEST_NAMES,
  type FrameMessage,
  type FrameRequestName,
  readyPayloadSchema,
  sessionUpdatePayloadSchema,
  SUCCESS_PAYLOADS,
} from './protocol.js'

/** Larger messages are dropped unread: no real reply comes near this. */
export const MAX_FRAME_MESSAGE_BYTES = 256 * 1024
/** Deeper nesting is dropped: it is an attack on the parser, not data. */
export const MAX_FRAME_MESSAGE_DEPTH = 32
/** Ids are our random base-36 strings; a little slack for other generators. */
const ID = /^[0-9A-Za-z_-]{1,64}$/

type Entry = { readonly schema: z.ZodTypeAny; readonly reply?: { readonly name: FrameRequestName; readonly ok: boolean } }

const frameTypes = new Map<string, Entry>([
  [`${FRAME_PREFIX}SESSION_UPDATE`, { schema: sessionUpdatePayloadSchema }],
  [`${FRAME_PREFIX}READY`, { schema: readyPayloadSchema }],
])
const appTypes = new Map<string, Entry>()
for (const name of FRAME_REQUEST_NAMES) {
  frameTypes.set(`${FRAME_PREFIX}${name}_SUCCESS`, { schema: SUCCESS_PAYLOADS[name], reply: { name, ok: true } })
  frameTypes.set(`${FRAME_PREFIX}${name}_ERROR`, { schema: errorPayloadSchema, reply: { name, ok: false } })
  appTypes.set(`${APP_PREFIX}${name}`, { schema: APP_PAYLOADS[name] })
}

/**
 * A message from the frame, validated, or null: never throws, whatever `data` is
 * (postMessage data is anything the other window chose to send).
 * @example parseFrameMessage({ type: '@airlock-frame/READY' }) // { type: '@airlock-frame/READY' }
 */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  return parseWith(frameTypes, data) as FrameMessage | null
}

/** A request from the page, validated, or null (the frame side of `parseFrameMessage`). */
export function parseAppMessage(data: unknown): AppMessage | null {
  return parseWith(appTypes, data) as AppMessage | null
}

/** For a reply type, the request it answers and whether it is a success; undefined otherwise. */
export function replyInfo(type: string): { readonly name: FrameRequestName; readonly ok: boolean } | undefined {
  return frameTypes.get(type)?.reply
}

function parseWith(types: ReadonlyMap<string, Entry>, data: unknown): unknown {
  try {
    if (!isPlainObject(data) || !withinBounds(data)) return null
    const { id, type, payload } = data
    // Stryker disable next-line ConditionalExpression: `→ false` is equivalent: every key of `types` is a string, so another type finds no entry and the next line returns the same null (`→ true`, skipped with it, is killed by protocol.test.ts's round trips)
    if (typeof type !== 'string') return null
    const entry = types.get(type)
    // Stryker disable next-line ConditionalExpression: `→ false` is equivalent: without an entry, `entry.schema` below throws and the catch returns the same null (`→ true`, skipped with it, is killed by protocol.test.ts's round trips)
    if (!entry) return null
    if (id !== undefined && (typeof id !== 'string' || !ID.test(id))) return null
    const parsed = entry.schema.safeParse(payload)
    if (!parsed.success) return null
    const message: Record<string, unknown> = { type }
    if (id !== undefined) message.id = id
    if (parsed.data !== undefined) message.payload = parsed.data
    return message
  } catch {
    // A getter or proxy that throws: hostile by definition.
    return null
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (
    typeof value !== 'object' ||
    // Stryker disable next-line ConditionalExpression: `value === null` → false is equivalent: null then reaches Object.getPrototypeOf, which throws, and parseWith's catch returns the same null (withinBounds never passes null here)
    value === null ||
    Array.isArray(value)
  )
    return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null || Object.prototype.toString.call(value) === '[object Object]'
}

/**
 * Walks the value once with an explicit stack, counting an estimate of its JSON size, and gives
 * up as soon as it is too big or too deep. Only JSON-like values pass (plain objects, arrays,
 * strings, finite numbers, booleans, null, undefined), so what reaches an action is serializable.
 */
function withinBounds(root: unknown): boolean {
  let budget = MAX_FRAME_MESSAGE_BYTES
  const stack: [unknown, number][] = [[root, 0]]
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!
    if (depth > MAX_FRAME_MESSAGE_DEPTH) return false
    if (typeof value === 'string') budget -= value.length + 2
    else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return false
      budget -= 24
    } else if (typeof value === 'boolean' || value === null || value === undefined) budget -= 5
    else if (Array.isArray(value)) {
      budget -= 2 + value.length
      if (budget < 0) return false
      for (const item of value) {
        // `undefined` in an array turns into null in JSON: not serializable, so not accepted.
        if (item === undefined) return false
        stack.push([item, depth + 1])
      }
    } else if (isPlainObject(value)) {
      const keys = Object.keys(value)
      budget -= 2 + keys.length
      if (budget < 0) return false
      for (const key of keys) {
        budget -= key.length + 3
        stack.push([value[key], depth + 1])
      }
    } else return false
    if (budget < 0) return false
  }
  return true
}
