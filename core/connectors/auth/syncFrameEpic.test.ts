import { TestScheduler } from 'rxjs/testing'
import { describe, expect, test } from 'vitest'
import type { Action } from '../../actions/types.js'
import { airlockDevnet } from '../../chains/networks.js'
import { parseAppMessage } from '../../frame/index.js'
import { marbleDeps, runEpic } from '../../../tests/support/epicHarness.js'
import { initialState, reduce } from '../../../tests/support/state.js'
import { syncFrameEpic } from './syncFrameEpic.js'
import { FRAME_SYNC_TIMEOUT_MS } from '../../constants/timing.js'

const v: Record<string, Action> = {
  l: { type: 'frame/loadStarted', url: 'https://secure.example' },
  r: { type: 'frame/readyReceived' },
  y: { type: 'frame/ready' },
  m: { type: 'theme/modeChanged', mode: 'light' },
  t: { type: 'theme/variablesChanged', variables: { '--airlock-accent': '#123456', '--huge': 'x'.repeat(300) } },
}

function run(input: string, options: Parameters<typeof initialState>[0] = {}) {
  const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
  const state = reduce(initialState({ networks: [airlockDevnet], projectId: 'p1', ...options }))
  const sent: { frame: number; action: Action }[] = []
  scheduler.run(({ hot }) => {
    const { out$ } = runEpic(scheduler, syncFrameEpic, hot<Action>(input, v), state, marbleDeps(scheduler))
    out$.subscribe((action) => action.type === 'frame/requestSent' && sent.push({ frame: scheduler.now(), action }))
  })
  return sent.map(({ frame, action }) => ({ frame, ...(action as Extract<Action, { type: 'frame/requestSent' }>) }))
}

describe('syncFrameEpic', () => {
  test('default: once the frame is ready it gets the dapp data and the theme (nobody waits; bounded so a silent frame cannot keep them pending)', () => {
    const sent = run('lry', { metadata: { name: 'Demo', description: 'A demo', url: 'https://demo.example', icons: ['https://demo.example/icon.png'] }, themeMode: 'dark' })
    expect(sent.map((s) => [s.frame, s.name, s.timeoutMs])).toEqual([
      [2, 'SYNC_DAPP_DATA', FRAME_SYNC_TIMEOUT_MS],
      [2, 'SYNC_THEME', FRAME_SYNC_TIMEOUT_MS],
    ])
    expect(sent[0]!.message).toMatchObject({ payload: { metadata: { name: 'Demo', description: 'A demo', url: 'https://demo.example', icons: ['https://demo.example/icon.png'] }, sdkType: 'airlock', projectId: 'p1' } })
    expect(sent[1]!.message).toMatchObject({ payload: { themeMode: 'dark' } })
  })

  test('behavior: theme changes follow while the frame is ready, not before', () => {
    const sent = run('m-lry-t')
    expect(sent.map((s) => [s.frame, s.name])).toEqual([
      [4, 'SYNC_DAPP_DATA'],
      [4, 'SYNC_THEME'],
      [6, 'SYNC_THEME'],
    ])
    // An over-long variable is left out rather than making the frame drop the whole message.
    expect(sent[2]!.message).toMatchObject({ payload: { themeMode: 'light', themeVariables: { '--airlock-accent': '#123456' } } })
    expect(JSON.stringify(sent[2]!.message)).not.toContain('--huge')
  })

  test('property: what is sent always passes the frame\'s own schema, whatever the app metadata', () => {
    const long = '<b>'.repeat(2_000)
    const sent = run('lry', { metadata: { name: long, description: long, url: long, icons: Array.from({ length: 20 }, () => long) } })
    for (const { message } of sent) expect(parseAppMessage(message)).not.toBeNull()
  })
})

describe('themeData', () => {
  test('parameters: `system` (or no mode) sends no themeMode, so the frame follows the device as the modal does; light and dark go as they are', async () => {
    const { themeData } = await import('./syncFrameEpic.js')
    for (const [themeMode, sent] of [['system', undefined], [undefined, undefined], ['dark', 'dark'], ['light', 'light']] as const) {
      expect(themeData(initialState(themeMode ? { themeMode } : {})).themeMode).toBe(sent)
    }
    // What the page sends with `system` is what the frame's own schema accepts.
    for (const { message } of run('lry', { themeMode: 'system' })) expect(parseAppMessage(message)).not.toBeNull()
  })
})
