/**
 * Runs `task` when the browser is idle (at the latest after 2 s); returns the cancel.
 * @example useEffect(() => whenIdle(preload), [])
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2_000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 200)
  return () => clearTimeout(id)
}
