import { execFile } from 'node:child_process'
import { accessSync, constants, mkdirSync, rmSync, statSync } from 'node:fs'
import { platform } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

export const run = promisify(execFile)

/** True for an executable file (not a folder). */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

export async function hasCommand(command: string): Promise<boolean> {
  return run('sh', ['-c', `command -v ${command}`]).then(
    () => true,
    () => false,
  )
}

/**
 * Runs `install` holding a lock directory under `.cache/` (named `name`), so of several workers one
 * installs while the others wait; a lock older than 10 minutes is a crashed run's.
 * @example await withInstallLock('redis-install', () => installIt())
 */
export async function withInstallLock<T>(name: string, install: () => Promise<T>): Promise<T> {
  mkdirSync(join(process.cwd(), '.cache'), { recursive: true })
  const lock = join(process.cwd(), '.cache', `${name}.lock`)
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 600_000) rmSync(lock, { recursive: true, force: true })
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
  }
  try {
    return await install()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** Installs a Debian/Ubuntu package where the machine allows it (Linux, root, apt-get); says why not otherwise. */
export async function aptInstall(pkg: string, log: (line: string) => void): Promise<void> {
  const root = typeof process.getuid === 'function' && process.getuid() === 0
  if (platform() !== 'linux' || !root || !(await hasCommand('apt-get'))) return
  log(`installing the Debian/Ubuntu package \`${pkg}\` with apt-get (once)…`)
  await run('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`], { timeout: 600_000, maxBuffer: 64 * 1024 * 1024 }).catch((error: Error) => log(`apt-get failed: ${error.message.split('\n')[0]}`))
}
