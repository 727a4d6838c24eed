/**
 * Replays an exported Airlock event log (`airlock.log.export()`, e.g. from the demo
 * dapp's "Export log" button) and prints the final state.
 *
 *   node examples/run.mjs examples/replay/main.ts [airlock.log.json] [--full]
 *
 * Without a file it replays the golden log in tests/replay/basic-session.json.
 * Without `--full` it prints a summary: connection, modal, alerts and counts.
 */
import { readFile } from 'node:fs/promises'
import { isDeepStrictEqual } from 'node:util'
import { replay, type AirlockState } from 'airlock-kit'

const args = process.argv.slice(2)
const full = args.includes('--full')
const file = args.find((arg) => !arg.startsWith('--')) ?? 'tests/replay/basic-session.json'

const raw = JSON.parse(await readFile(file, 'utf8')) as unknown
// A bare export, or a golden test file that keeps it under `log`.
const log = raw && typeof raw === 'object' && 'log' in raw ? (raw as { log: unknown }).log : raw
const entries = log && typeof log === 'object' && 'entries' in log && Array.isArray((log as { entries: unknown }).entries) ? (log as { entries: unknown[] }).entries.length : '?'

let state: AirlockState
try {
  state = replay(log as Parameters<typeof replay>[0])
} catch (error) {
  console.error(`${file} is not a replayable Airlock log: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

if (full) {
  console.log(JSON.stringify(state, null, 2))
} else {
  console.log(`replayed ${entries} entries from ${file}`)
  console.log(
    JSON.stringify(
      {
        connection: state.connection,
        modal: state.modal,
        router: { view: state.router.view, history: state.router.history },
        alerts: state.alerts.map((alert) => alert.title),
        connectors: state.connectors.list.map((connector) => connector.name),
        app: state.app,
      },
      null,
      2,
    ),
  )
}

// Golden files also record the state the live instance ended in: the replay must equal it.
if (raw && typeof raw === 'object' && 'finalState' in raw) {
  const same = isDeepStrictEqual(JSON.parse(JSON.stringify(state)), (raw as { finalState: unknown }).finalState)
  console.log(same ? 'the replayed state equals the recorded finalState' : 'warning: the replayed state differs from the recorded finalState')
}
