import { describe, expect, test } from 'vitest'
import { afterFirstPaint } from './afterFirstPaint.js'
import type { WindowLike } from './deps.js'

/** A window whose frames and timers run only when the test says so. */
function manualWindow() {
  const frames: (() => void)[] = []
  const timers: { fn: () => void; ms: number }[] = []
  const win = {
    location: { origin: 'http://localhost', href: 'http://localhost/', pathname: '/' },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
  } as unknown as WindowLike
  return { win, frames, timers }
}

const settled = async (promise: Promise<void>) => {
  let done = false
  void promise.then(() => (done = true))
  await new Promise((resolve) => setImmediate(resolve))
  return done
}

describe('afterFirstPaint', () => {
  test('default: settles in the task after the next animation frame, once for every caller', async () => {
    const { win, frames, timers } = manualWindow()
    const painted = afterFirstPaint(win)
    const first = painted()
    expect(painted()).toBe(first)
    expect(await settled(first)).toBe(false)
    frames.shift()!()
    const afterFrame = timers.find((t) => t.ms === 0)!
    expect(await settled(first)).toBe(false)
    afterFrame.fn()
    expect(await settled(first)).toBe(true)
  })

  test('edge: without frames (a background tab) it settles after the 100 ms cap', async () => {
    const { win, timers } = manualWindow()
    const painted = afterFirstPaint(win)()
    const cap = timers.find((t) => t.ms === 100)!
    cap.fn()
    expect(await settled(painted)).toBe(true)
  })

  test('edge: on a server or a window without animation frames it settles at once', async () => {
    expect(await settled(afterFirstPaint(undefined)())).toBe(true)
    expect(await settled(afterFirstPaint({ location: { origin: 'x', href: 'x', pathname: '/' } })())).toBe(true)
  })
})
