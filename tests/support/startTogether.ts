/** Anything a test starts and must stop: anvil (`stop`), servers and browsers (`close`). */
export interface Stoppable {
  stop?(): unknown
  close?(): unknown
}

/** Stops one started thing, whichever verb it has, never throwing. */
export async function stopQuietly(thing: Stoppable | undefined): Promise<void> {
  try {
    await (thing?.stop ? thing.stop() : thing?.close?.())
  } catch {
    // Already gone.
  }
}

/**
 * Starts several things at once. When one fails, the others that did start are stopped before the
 * error is rethrown, so a failed set-up leaves no process behind (`Promise.all` would drop them: its
 * results are lost once one rejects, and an afterAll hook could never reach them).
 * @example const [anvil, browser] = await startTogether([startAnvil({ port }), launchChromium()])
 */
export async function startTogether<const T extends readonly Promise<unknown>[]>(starts: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  // Each start resolves to something with `stop` or `close` (an anvil, a server, a browser).
  const results = await Promise.allSettled(starts as readonly Promise<Stoppable>[])
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')
  if (failed) {
    await Promise.all(results.map((result) => (result.status === 'fulfilled' ? stopQuietly(result.value) : undefined)))
    throw failed.reason
  }
  return results.map((result) => (result as PromiseFulfilledResult<Stoppable>).value) as { -readonly [K in keyof T]: Awaited<T[K]> }
}
