import { asyncScheduler, type SchedulerLike } from 'rxjs'
import { BaseError } from '../../errors/BaseError.js'

/**
 * The one method the Redis stores use: node-redis's `client.sendCommand(args)`. For ioredis, pass
 * `{ sendCommand: (args) => redis.call(args[0], ...args.slice(1)) }`. Create the node-redis
 * client with `disableOfflineQueue: true`, so commands fail at once while Redis is away.
 */
export interface RedisCommandClient {
  sendCommand(args: string[]): Promise<unknown>
}

export interface RedisStoreParameters {
  readonly client: RedisCommandClient
  /** Every key starts with this (default `airlock:siwx:`), so several apps can share one Redis. */
  readonly prefix?: string
  /** A command that has not answered after this long fails (default 2 000 ms): sign-in never hangs on Redis. */
  readonly timeoutMs?: number
  /** Runs the per-command time limit (default rxjs's `asyncScheduler`); tests pass a virtual one. */
  readonly scheduler?: SchedulerLike
}

export const DEFAULT_REDIS_PREFIX = 'airlock:siwx:'
/** Said when Redis cannot be reached or answers with an error; the cause keeps the client's own. */
export const REDIS_UNAVAILABLE = 'The sign-in store (Redis) is unavailable'

/** Sends one command with a time limit, turning every failure into one clear error. */
export function redisCaller(parameters: RedisStoreParameters): { prefix: string; call(args: string[]): Promise<unknown> } {
  const { client, prefix = DEFAULT_REDIS_PREFIX, timeoutMs = 2_000, scheduler = asyncScheduler } = parameters
  if (typeof client?.sendCommand !== 'function') throw new BaseError('A Redis store needs a client with sendCommand (node-redis), or an adapter for yours', { code: 'invalid_options' })
  return {
    prefix,
    async call(args) {
      let timer: { unsubscribe(): void } | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = scheduler.schedule(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
      })
      try {
        // Stryker disable next-line ArrowFunction: equivalent to the caller, cancelling only frees the timer sooner; Promise.race already handles its late rejection
        return await Promise.race([client.sendCommand(args), timeout]).finally(() => timer?.unsubscribe())
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw new BaseError(REDIS_UNAVAILABLE, { code: 'store_unavailable', details: `${args[0]}: ${reason}`, cause: error })
      }
    },
  }
}
