import { SDK_VERSION } from '../constants/limits.js'
import type { AirlockDeps } from '../deps.js'
import type { AirlockState } from '../state.js'
import { createDomFrameHost, type FrameWindow } from './createDomFrameHost.js'
import { type FrameHost, PARENT_NOT_SET } from './FrameHost.js'

const hosts = new WeakMap<object, FrameHost>()

/** The host in deps, or the real DOM one for this store (created once, without touching the DOM yet). */
export function frameHostFor(deps: AirlockDeps, state: AirlockState): FrameHost {
  if (deps.frameHost) return deps.frameHost
  let host = hosts.get(deps)
  if (!host) {
    const win = deps.window as unknown as Partial<FrameWindow> | undefined
    host = win?.document && typeof win.addEventListener === 'function' ? createDomFrameHost(win as FrameWindow, state.options.secureSiteUrl, { projectId: state.options.projectId ?? undefined, sdkVersion: SDK_VERSION }) : serverHost
    hosts.set(deps, host)
  }
  return host
}

/** Server rendering: nothing to load into, nothing ever arrives. */
const serverHost: FrameHost = {
  load: () => {
    throw new Error(PARENT_NOT_SET)
  },
  listen: () => () => undefined,
  post: () => {
    throw new Error(PARENT_NOT_SET)
  },
  setVisible: () => undefined,
  destroy: () => undefined,
}

/** Destroys the DOM host this store created (the store is going away); a host from deps is left alone. */
export function forgetFrameHost(deps: AirlockDeps, host: FrameHost): void {
  if (deps.frameHost || hosts.get(deps) !== host) return
  hosts.delete(deps)
  host.destroy()
}
