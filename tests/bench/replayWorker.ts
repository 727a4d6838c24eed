// Runs as a fresh Node process (its own V8 and heap): replays the exported log in the file it is
// given, `runs` times, and prints the times as JSON. See measureReplay in core.ts.
import { readFileSync } from 'node:fs'
import { replay } from '../../core/index.js'

const [file, runs] = process.argv.slice(2)
const exported = readFileSync(file!, 'utf8')
const times: number[] = []
for (let run = 0; run < Number(runs); run++) {
  const started = performance.now()
  replay(exported)
  times.push(performance.now() - started)
}
process.stdout.write(JSON.stringify(times))
