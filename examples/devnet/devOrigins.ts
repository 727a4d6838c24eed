import { PortConfigError } from './ports.js'

/** The variable that lists page origins beyond this machine's own that may use the dev frame and gateway. */
export const DEV_ORIGINS_ENV = 'AIRLOCK_DEV_ORIGINS'

/**
 * The extra page origins of `AIRLOCK_DEV_ORIGINS` (comma- or space-separated), e.g. a phone on the
 * LAN or a tunnel: `AIRLOCK_DEV_ORIGINS=http://192.168.1.20:5173,https://my-app.ngrok-free.app`.
 * Origins on this machine need no listing (the dev stack allows any of them). A value that is not
 * an http(s) origin stops the start with a message naming it.
 * @example readDevOrigins({ AIRLOCK_DEV_ORIGINS: 'http://192.168.1.20:5173' }) // ['http://192.168.1.20:5173']
 */
export function readDevOrigins(env: Record<string, string | undefined> = process.env): string[] {
  const raw = env[DEV_ORIGINS_ENV]?.trim() ?? ''
  if (raw === '') return []
  const origins = raw.split(/[\s,]+/).filter(Boolean)
  if (origins.length > 8) throw new PortConfigError(`${DEV_ORIGINS_ENV} lists ${origins.length} origins; at most 8.`)
  return origins.map((value) => {
    let url: URL | null = null
    try {
      url = new URL(value)
    } catch {
      url = null
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== value.replace(/\/$/, '')) {
      throw new PortConfigError(`${DEV_ORIGINS_ENV}: ${JSON.stringify(value)} is not an origin like https://app.example or http://192.168.1.20:5173 (scheme, host and port only).`)
    }
    return url.origin
  })
}
