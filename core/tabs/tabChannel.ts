import type { WindowLike } from '../deps.js'

/** A line to the other tabs of this site (same origin): post a message, hear theirs. */
export interface TabChannel {
  post(message: unknown): void
  /** Calls `listener` with each message another tab posted (raw: check it before use). */
  listen(listener: (message: unknown) => void): () => void
  close(): void
}

/** The channel's name, and the localStorage key of the fallback. */
export const TAB_CHANNEL_NAME = 'airlock:tabs'

/**
 * The other tabs of this site: a BroadcastChannel, or where a browser has none, the `storage`
 * event of a localStorage key written and removed at once. Null on a server.
 * @example const channel = createTabChannel(window); channel?.post({ kind: 'disconnected' })
 */
export function createTabChannel(win: WindowLike | undefined): TabChannel | null {
  if (!win) return null
  const Channel = win.BroadcastChannel
  if (typeof Channel === 'function') {
    const channel = new Channel(TAB_CHANNEL_NAME)
    return {
      post: (message) => channel.postMessage(message),
      listen(listener) {
        const onMessage = (event: MessageEvent) => listener(event.data)
        channel.addEventListener('message', onMessage)
        return () => channel.removeEventListener('message', onMessage)
      },
      close: () => channel.close(),
    }
  }
  const storage = win.localStorage
  if (!storage || !win.addEventListener || !win.removeEventListener) return null
  return {
    post(message) {
      try {
        // Written and removed at once: other tabs get a `storage` event with the new value.
        storage.setItem(TAB_CHANNEL_NAME, JSON.stringify(message))
        storage.removeItem(TAB_CHANNEL_NAME)
      } catch {
        // Storage full or refused: the other tabs learn it from their wallets, or on reload.
      }
    },
    listen(listener) {
      const onStorage = (event: Event) => {
        const { key, newValue } = event as StorageEvent
        if (key !== TAB_CHANNEL_NAME || !newValue) return
        try {
          listener(JSON.parse(newValue))
        } catch {
          // Not ours, or cut short: ignored.
        }
      }
      win.addEventListener!('storage', onStorage)
      return () => win.removeEventListener!('storage', onStorage)
    },
    close: () => undefined,
  }
}
