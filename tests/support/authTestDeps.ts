import type { SchedulerLike } from 'rxjs'
import { createProviderRegistry } from '../../core/connectors/providerRegistry.js'
import type { AirlockDeps } from '../../core/deps.js'
import { createSecretBox } from '../../core/store/secretBox.js'

/**
 * Deps for the auth connector's marble tests: the test scheduler, a storage that records what the
 * epics write (`writes`), a provider registry, a secret box (refs `secret:s1`, …) and ids `id1`, `id2`, …
 * @example const { deps, writes } = authTestDeps(scheduler)
 */
export function authTestDeps(scheduler: SchedulerLike): { deps: AirlockDeps; writes: Record<string, unknown> } {
  const writes: Record<string, unknown> = {}
  const storage = {
    backend: 'memory',
    load: () => Promise.reject(new Error('unused')),
    save: () => Promise.resolve(),
    getItem: () => Promise.resolve(undefined),
    setItem: (name: string, value: unknown) => ((writes[name] = value), Promise.resolve()),
  }
  let n = 0
  let k = 0
  // Secrets count apart from ids, so adding one never shifts the request ids a test expects.
  const deps = { scheduler, storage, providers: createProviderRegistry(), secrets: createSecretBox(() => `s${++k}`), id: () => `id${++n}` } as unknown as AirlockDeps
  return { deps, writes }
}
