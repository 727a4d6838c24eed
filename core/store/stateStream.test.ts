import { describe, expect, test } from 'vitest'
import { createStateStream } from './stateStream.js'

describe('createStateStream', () => {
  test('default: a subscriber gets the current value, then every new one', () => {
    const stream = createStateStream(0)
    const seen: number[] = []
    stream.state$.subscribe((n) => seen.push(n))
    stream.set(1)
    expect([seen, stream.get(), stream.state$.value]).toEqual([[0, 1], 1, 1])
  })

  test('behavior: complete ends every subscription once; a later subscriber completes at once without a value', () => {
    const stream = createStateStream(0)
    const events: string[] = []
    stream.state$.subscribe({ next: (n) => events.push(`a:${n}`), complete: () => events.push('a:done') })
    stream.complete()
    stream.complete()
    stream.state$.subscribe({ next: (n) => events.push(`late:${n}`), complete: () => events.push('late:done') })
    expect(events).toEqual(['a:0', 'a:done', 'late:done'])
  })

  test('behavior: set after complete still keeps the value and tells no one', () => {
    const stream = createStateStream(0)
    const seen: number[] = []
    stream.state$.subscribe((n) => seen.push(n))
    stream.complete()
    expect(() => stream.set(2)).not.toThrow()
    expect([seen, stream.get()]).toEqual([[0], 2])
  })
})
