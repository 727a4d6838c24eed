/**
 * Airlock without React and without a page: create an instance in Node,
 * watch `state$` and `action$`, open and close the modal, print what happens.
 *
 *   node examples/run.mjs examples/raw-subscription/main.ts [--out airlock.log.json]
 *
 * With `--out`, the event log is written to a file that examples/replay can replay.
 */
import { writeFile } from 'node:fs/promises'
import { distinctUntilChanged, map } from 'rxjs'
import { createAirlock, mainnet } from 'airlock-kit'

const out = (() => {
  const i = process.argv.indexOf('--out')
  return i >= 0 ? process.argv[i + 1] : undefined
})()

// No `window` in Node: Airlock uses memory storage and skips the page-only checks.
// No projectId either, so nothing goes to the network (it raises the "Project ID Not Configured" alert).
const airlock = createAirlock({ networks: [mainnet], features: { analytics: false } })

const actions = airlock.action$.subscribe((action) => console.log(`action  ${action.type}`))
const modal = airlock.state$
  .pipe(
    map((state) => `modal open=${state.modal.open} view=${state.router.view}`),
    distinctUntilChanged(),
  )
  .subscribe((line) => console.log(`state   ${line}`))

const state = await airlock.ready()
console.log(`ready   initialized=${state.app.initialized} storage=${state.app.storage.backend} alerts=${state.alerts.map((a) => a.title).join(', ') || 'none'}`)

airlock.open()
airlock.open({ view: 'Networks' })
airlock.close()

console.log(`final   modal.open=${airlock.getState().modal.open} log entries=${airlock.log.size}`)
if (out) {
  await writeFile(out, airlock.log.export())
  console.log(`wrote   ${out} (replay it: node examples/run.mjs examples/replay/main.ts ${out})`)
}

actions.unsubscribe()
modal.unsubscribe()
airlock.destroy()
