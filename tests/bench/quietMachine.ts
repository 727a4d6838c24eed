import { readFileSync } from 'node:fs'

/** CPU time over all cores since boot, from `/proc/stat`'s first line (clock ticks). */
export interface CpuTimes {
  readonly busy: number
  readonly total: number
}

/**
 * Parses `/proc/stat`: busy is everything but idle and iowait; guest time is already inside user.
 * @example parseCpuTimes('cpu  10 0 5 80 5 0 0 0 0 0\n') // { busy: 15, total: 100 }
 */
export function parseCpuTimes(stat: string): CpuTimes | null {
  const line = stat.split('\n', 1)[0] ?? ''
  if (!line.startsWith('cpu ')) return null
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number)
  const fields = [user, nice, system, idle, iowait, irq, softirq, steal]
  if (fields.some((n) => n === undefined || !Number.isFinite(n))) return null
  const total = fields.reduce<number>((sum, n) => sum + n!, 0)
  return { busy: total - idle! - iowait!, total }
}

/** The share of all cores that was busy between two readings (0 when no tick passed). */
export function busyShare(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total
  return total > 0 ? (after.busy - before.busy) / total : 0
}

function readCpuTimes(): CpuTimes | null {
  try {
    return parseCpuTimes(readFileSync('/proc/stat', 'utf8'))
  } catch {
    return null
  }
}

/** The quiet window `waitForQuietMachine` waits for by default: a load that waited longer found a busy machine. */
export const QUIET_WINDOW_MS = 200
/** The longest `waitForQuietMachine` waits by default. */
export const QUIET_MAX_MS = 5_000

/**
 * Waits until the whole machine was quiet (at most `threshold` of all cores busy) for one
 * `windowMs`, at most `maxMs`; resolves with the time waited, or 0 where there is no /proc/stat.
 * The speed bench times one page at a time on 2 cores, and Chromium tears a closed page down
 * after `context.close()` resolves, so a page could be timed while the last one (a peer's, with
 * hundreds of KB of script, IndexedDB and sockets) was still going away. A guard, not a cure: in
 * the complete run of 2026-11-29 that added it, 4 of 252 timed loads waited past the first window (the
 * longest 601 ms), so that was not what moved Airlock's timings from run to run.
 * @example await waitForQuietMachine() // before page.goto
 */
export async function waitForQuietMachine({ threshold = 0.1, windowMs = QUIET_WINDOW_MS, maxMs = QUIET_MAX_MS } = {}): Promise<number> {
  const started = performance.now()
  let before = readCpuTimes()
  if (!before) return 0
  while (performance.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs))
    const after = readCpuTimes()
    if (!after) return 0
    if (busyShare(before, after) <= threshold) break
    before = after
  }
  return performance.now() - started
}
