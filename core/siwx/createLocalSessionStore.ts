import { z } from 'zod'
import { MAX_SIWX_MESSAGE_LENGTH, siwxMessageDataSchema } from './siwxMessageSchema.js'
import type { SiwxSession } from './types.js'

/** Where the default config keeps sessions (signatures included: never in state or the event log). */
export interface SiwxSessionStore {
  read(): Promise<SiwxSession[]>
  write(sessions: readonly SiwxSession[]): Promise<void>
}

export const SIWX_SESSIONS_KEY = '@airlock/siwx_sessions'
/** Sessions for a few accounts on a few chains; more is not ours. */
export const MAX_STORED_SESSIONS = 50

const sessionSchema = z
  .object({
    data: siwxMessageDataSchema,
    message: z.string().min(1).max(MAX_SIWX_MESSAGE_LENGTH),
    signature: z.string().min(1).max(4096),
    cacao: z.object({}).passthrough().optional(),
  })
  .strict()
const sessionsSchema = z.object({ version: z.literal(1), sessions: z.array(sessionSchema).max(MAX_STORED_SESSIONS) }).strict()

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * Sessions in `localStorage` (what a page can read after a reload), validated on every read:
 * a corrupt or wrong-shaped value is removed and reads as no sessions. Without a usable
 * localStorage (server, sandboxed frame, quota) it keeps them in memory for the page's life.
 * @example createDefaultSiwx({ storage: createLocalSessionStore({ key: 'my-app/sessions' }) })
 */
export function createLocalSessionStore(parameters: { key?: string; localStorage?: KeyValue | null } = {}): SiwxSessionStore {
  const key = parameters.key ?? SIWX_SESSIONS_KEY
  let backend: KeyValue | null = parameters.localStorage === undefined ? defaultLocalStorage() : parameters.localStorage
  let memory: SiwxSession[] = []
  return {
    async read() {
      // Stryker disable next-line ConditionalExpression: `→ false` is equivalent: a null backend's getItem throws a TypeError, and the catch below returns the same memory
      if (!backend) return memory
      let raw: string | null
      try {
        raw = backend.getItem(key)
      } catch {
        backend = null
        return memory
      }
      if (raw === null) return []
      const parsed = safeJson(raw)
      const result = sessionsSchema.safeParse(parsed)
      if (result.success) return result.data.sessions as SiwxSession[]
      try {
        backend.removeItem(key)
      } catch {
        // Nothing more to do: it reads as absent either way.
      }
      return []
    },
    async write(sessions) {
      const kept = sessions.slice(-MAX_STORED_SESSIONS)
      memory = [...kept]
      // Stryker disable next-line ConditionalExpression: `→ false` is equivalent: a null backend throws a TypeError in the try below, whose catch leaves it null (memory is already written)
      if (!backend) return
      try {
        if (kept.length === 0) backend.removeItem(key)
        else backend.setItem(key, JSON.stringify({ version: 1, sessions: kept }))
      } catch {
        // Quota or a revoked permission: keep going in memory rather than lose the sign-in.
        backend = null
      }
    },
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw)
  }
  // Stryker disable next-line BlockStatement: equivalent, an empty catch falls off the end of the function, which returns the same undefined
  catch {
    return undefined
  }
}

/** Reading `localStorage` itself can throw (sandboxed frames, disabled cookies). */
function defaultLocalStorage(): KeyValue | null {
  try {
    const storage = (globalThis as { localStorage?: KeyValue }).localStorage
    return storage && typeof storage.getItem === 'function' ? storage : null
  }
  // Stryker disable next-line BlockStatement: equivalent, an empty catch returns undefined, which every `!backend` treats as the null it replaces
  catch {
    return null
  }
}
