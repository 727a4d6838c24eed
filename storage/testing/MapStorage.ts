/**
 * A Map-backed `Storage` for tests: `failWrites` makes `setItem` throw the way
 * a full quota (or Safari's private mode) does.
 * @example const localStorage = new MapStorage(); createStorage({ window: { localStorage } })
 */
export class MapStorage implements Storage {
  [name: string]: any
  readonly map = new Map<string, string>()
  failWrites: false | 'quota' | 'always' = false
  /** How many times `setItem` threw. */
  failures = 0

  get length(): number {
    return this.map.size
  }
  clear(): void {
    this.map.clear()
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null
  }
  removeItem(key: string): void {
    this.map.delete(key)
  }
  setItem(key: string, value: string): void {
    if (this.failWrites) {
      this.failures += 1
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    this.map.set(key, String(value))
  }
}
