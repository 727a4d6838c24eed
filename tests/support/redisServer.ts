import { spawn, type ChildProcess } from 'node:child_process'
import { delimiter, join } from 'node:path'
import { freePort } from '../../examples/devnet/anvil.js'
import { aptInstall, isExecutable, withInstallLock } from './systemTool.js'

/** What to do when no Redis can be had, in one line (issue 19). */
export const NO_REDIS =
  'No redis-server found for the sign-in store tests: install Redis 7 (Debian/Ubuntu: `sudo apt-get install redis-server`; macOS: `brew install redis`) or set REDIS_SERVER_PATH to its executable, then run `npm test` again.'

/** REDIS_SERVER_PATH, then `redis-server` on PATH or in the usual places; null when there is none. */
export function findRedisServer(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.REDIS_SERVER_PATH) return isExecutable(env.REDIS_SERVER_PATH) ? env.REDIS_SERVER_PATH : null
  const onPath = (env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, 'redis-server'))
  return ['/usr/bin/redis-server', '/usr/local/bin/redis-server', '/opt/homebrew/bin/redis-server', ...onPath].find(isExecutable) ?? null
}

let resolved: Promise<string> | undefined
/**
 * The redis-server for this test process: found, else installed where the OS allows it (Debian's
 * package as root), once; throws NO_REDIS when neither works. `AIRLOCK_NO_REDIS_INSTALL=1` only looks.
 * @example const path = await redisServerPath()
 */
export function redisServerPath(log: (line: string) => void = (line) => console.warn(line)): Promise<string> {
  return (resolved ??= (async () => {
    const found = findRedisServer()
    if (found) return found
    if (process.env.REDIS_SERVER_PATH || process.env.AIRLOCK_NO_REDIS_INSTALL === '1') throw new Error(NO_REDIS)
    return withInstallLock('redis-install', async () => {
      if (!findRedisServer()) await aptInstall('redis-server', (line) => log(`sign-in store tests: ${line}`))
      const installed = findRedisServer()
      if (!installed) throw new Error(NO_REDIS)
      return installed
    })
  })())
}

export interface RedisServer {
  readonly url: string
  readonly port: number
  /** Kills the server (SIGKILL: a crash, nothing saved) and waits until it is gone. */
  kill(): Promise<void>
  /** Starts it again on the same port, empty (no persistence). */
  restart(): Promise<void>
  /** Stops it for good; safe to call twice. */
  stop(): Promise<void>
}

/**
 * A throwaway redis-server on a free loopback port: no persistence, no config file, its own
 * process (killed by `stop`, and by this process's exit).
 * @example const redis = await startRedis(); afterAll(() => redis.stop())
 */
export async function startRedis(): Promise<RedisServer> {
  const path = await redisServerPath()
  const port = await freePort()
  let child: ChildProcess | undefined
  let stopped = false
  const killOnExit = () => child?.kill('SIGKILL')
  process.once('exit', killOnExit)
  const launch = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn(path, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], { stdio: ['ignore', 'pipe', 'pipe'] })
      child = proc
      let out = ''
      const onData = (chunk: Buffer) => {
        out += chunk.toString()
        if (/Ready to accept connections/i.test(out)) {
          proc.stdout!.off('data', onData)
          resolve()
        }
      }
      proc.stdout!.on('data', onData)
      proc.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()))
      proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready: ${out.trim().split('\n').slice(-3).join(' | ')}`)))
      proc.once('error', reject)
    })
  const kill = async () => {
    const proc = child
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve())
      proc.kill('SIGKILL')
    })
  }
  await launch()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    restart: launch,
    async stop() {
      if (stopped) return
      stopped = true
      await kill()
      process.off('exit', killOnExit)
    },
  }
}
