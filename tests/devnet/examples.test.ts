import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const run = promisify(execFile)
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'airlock-examples-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const example = (...args: string[]) => run(process.execPath, ['examples/run.mjs', ...args], { cwd: process.cwd(), timeout: 20_000 })

describe('Node examples (examples/run.mjs)', () => {
  test('behavior: raw-subscription prints state$ and action$ for open/close and writes a log that replay rebuilds', async () => {
    const logFile = join(dir, 'airlock.log.json')
    const { stdout } = await example('examples/raw-subscription/main.ts', '--out', logFile)
    expect(stdout).toContain('action  modal/openRequested')
    expect(stdout).toContain('action  modal/closeRequested')
    expect(stdout).toContain('state   modal open=true view=Networks')
    expect(stdout).toContain('final   modal.open=false')
    expect(JSON.parse(await readFile(logFile, 'utf8'))).toMatchObject({ format: 'airlock-log' })

    const replayed = await example('examples/replay/main.ts', logFile)
    expect(replayed.stdout).toMatch(/^replayed \d+ entries from /)
    expect(replayed.stdout).toContain('"view": "Networks"')
  })

  test('behavior: replay without a file checks the golden log against its recorded final state', async () => {
    const { stdout } = await example('examples/replay/main.ts')
    expect(stdout).toContain('tests/replay/basic-session.json')
    expect(stdout).toMatch(/the replayed state (equals|differs from) the recorded finalState/)
  })

  test('error: a file that is not a log fails with a message', async () => {
    await expect(example('examples/replay/main.ts', 'package.json')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('is not a replayable Airlock log') })
  })
})
