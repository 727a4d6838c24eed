import { VirtualTimeScheduler } from 'rxjs'
import { expect, test } from 'vitest'
import { createAirlock } from '../../core/index.js'
import { createStorage } from '../../storage/index.js'

test('behavior: the README testing example runs as written', async () => {
  const scheduler = new VirtualTimeScheduler()
  const airlock = createAirlock({ deps: { scheduler, window: undefined, storage: createStorage({ backend: 'memory' }) } })
  await airlock.ready()
  airlock.dispatch({ type: 'modal/shakeRequested' })
  expect(airlock.getState().modal.shake).toBe(true)
  scheduler.flush()
  expect(airlock.getState().modal.shake).toBe(false)
  expect(airlock.log.entries().some((e) => e.action.type === 'modal/shakeEnded' && e.at === 500)).toBe(true)
  airlock.destroy()
})

test('behavior: the README host-component example is the file npm test runs', async () => {
  const { readFile } = await import('node:fs/promises')
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8')
  const example = await readFile(new URL('../../examples/host-test/WalletStatus.test.tsx', import.meta.url), 'utf8')
  expect(readme).toContain(`\`\`\`tsx\n${example}\`\`\``)
})
