import type { FindNonSerializable } from './createStoreWithCheck.js'

/**
 * The store's dev check (actions must survive JSON), fetched rather than loaded before the first
 * render (issue #7), and only once `after` settles (the first paint): it is a development aid, so
 * the few actions Airlock itself dispatches while it loads go unchecked. A failed load only leaves
 * the check off.
 */
export function lazyDevCheck(enabled: boolean, after: () => Promise<void> = () => Promise.resolve()): FindNonSerializable {
  let check: FindNonSerializable = () => null
  if (enabled)
    after()
      .then(() => import('./serializable.js'))
      .then((m) => (check = m.describeNonSerializable), () => undefined)
  return (value) => check(value)
}
