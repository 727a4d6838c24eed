import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { replay } from '../../core/index.js'
import { runBasicSession } from './session.js'

const GOLDEN = new URL('./basic-session.json', import.meta.url)

/**
 * The golden log pins history: if a reducer change makes an old log replay
 * to a different state, this fails. After an intended change, re-record with
 * `RECORD_GOLDEN=1 npx vitest run tests/replay` and review the diff.
 */
describe('golden replay', () => {
  test('behavior: the recorded log replays to the recorded state', async () => {
    if (process.env.RECORD_GOLDEN === '1' || !existsSync(GOLDEN)) {
      const airlock = await runBasicSession()
      const golden = { log: JSON.parse(airlock.log.export()), finalState: airlock.getState() }
      writeFileSync(GOLDEN, `${JSON.stringify(golden, null, 2)}\n`)
      airlock.destroy()
    }
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8'))
    expect(golden.log.entries.length).toBeGreaterThan(20)
    expect(replay(golden.log)).toEqual(golden.finalState)
  })

  test('behavior: a fresh run of the same session still produces the recorded log', async () => {
    const airlock = await runBasicSession()
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8'))
    expect(JSON.parse(airlock.log.export())).toEqual(golden.log)
    expect(airlock.getState()).toEqual(golden.finalState)
    airlock.destroy()
  })

  test('behavior: replay from the bare entries and an explicit initial state', () => {
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8'))
    expect(replay(golden.log.entries, golden.log.initialState)).toEqual(golden.finalState)
  })

  test('behavior: a tampered log is rejected with a clear error', () => {
    expect(() => replay('{"format":"other"}')).toThrow()
    expect(() => replay('not json')).toThrow()
    expect(() => replay([{ seq: 1, at: 0, action: { nope: true } }] as never)).toThrow()
  })
})
