import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { browserPath, NO_BROWSER } from '../e2e/findBrowser.js'

const run = promisify(execFile)

/** Live processes whose environment carries `marker` (Linux's /proc; the children inherit it). */
function processesWith(marker: string): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(marker)) found.push(Number(entry))
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found
}

/**
 * Issue 12: a browser test whose set-up fails (here: no browser) still stops what it started
 * (two anvil chains, the gateway, the relay, the frame and the dapp server), and says in one line
 * what to do about the browser.
 */
describe('a browser test that fails in set-up', () => {
  test('behavior: with no browser to be had, the error says in one line what to do', async () => {
    const before = { path: process.env.CHROMIUM_PATH }
    process.env.CHROMIUM_PATH = '/nonexistent/chromium'
    try {
      await expect(browserPath()).rejects.toThrow(NO_BROWSER)
    } finally {
      if (before.path === undefined) delete process.env.CHROMIUM_PATH
      else process.env.CHROMIUM_PATH = before.path
    }
  })

  test('behavior: leaves no process behind and prints what to do', async () => {
    const marker = `AIRLOCK_TEARDOWN_TAG=${randomUUID()}`
    const failed = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'tests/e2e/dapp.e2e.test.ts'], {
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium', [marker.split('=')[0]!]: marker.split('=')[1]!, FORCE_COLOR: '0' },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    }).then(
      () => null,
      (error: { code?: number; stdout?: string; stderr?: string }) => error,
    )
    expect(failed?.code).toBe(1)
    expect(`${failed?.stdout}${failed?.stderr}`).toMatch(/No Chrome or Chromium found|Failed Suites/)
    // The child's own processes (anvil) are stopped before it exits, not merely orphaned.
    expect(processesWith(marker)).toEqual([])
  }, 150_000)
})
