// `npm test` runs this before vitest: finds redis-server for the sign-in store tests or installs it
// where the machine allows it (tests/support/redisServer.ts), once and before any test's timeout
// starts. When none can be had it says what to do and lets the run go on: those tests then fail
// with the same line.
import { redisServerPath } from './redisServer.js'

try {
  console.log(`sign-in store tests: ${await redisServerPath()}`)
} catch (error) {
  console.warn(error instanceof Error ? error.message : String(error))
}
