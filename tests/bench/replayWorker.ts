// Runs in a fresh worker (its own V8 isolate): replays the exported log it is sent, `runs` times,
// and posts the times back. See measureReplay in core.ts.
import { parentPort, workerData } from 'node:worker_threads'
import { replay } from '../../core/index.js'

const { exported, runs } = workerData as { exported: string; runs: number }
const times: number[] = []
for (let run = 0; run < runs; run++) {
  const started = performance.now()
  replay(exported)
  times.push(performance.now() - started)
}
parentPort!.postMessage(times)
