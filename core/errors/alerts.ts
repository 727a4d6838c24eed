/** The alerts of SPEC 8: a short title and a long message, keyed by a stable code. */
export const ALERTS = {
  PROJECT_ID_NOT_CONFIGURED: {
    title: 'Project ID Not Configured',
    message: 'A project ID is required for WalletConnect, email and social login and the cloud services. Pass `projectId` to createAirlock.',
    variant: 'error',
  },
  INVALID_APP_CONFIGURATION: {
    title: 'Invalid App Configuration',
    message: 'This page origin is not on the allowed origins of the project. Add it to the project configuration.',
    variant: 'error',
  },
  INVALID_PROJECT_ID: {
    title: 'Invalid App Configuration',
    message: 'Invalid Project ID. Check the project ID passed to createAirlock.',
    variant: 'error',
  },
  NETWORK_NOT_FOUND: {
    title: 'Network Not Found',
    message: 'The requested network is not among the networks this app supports.',
    variant: 'error',
  },
  SWITCH_NETWORK_NOT_FOUND: {
    title: 'Network Not Found',
    message: 'The wallet could not switch to the requested network.',
    variant: 'error',
  },
  IFRAME_LOAD_FAILED: {
    title: 'Network Error - Could not load embedded wallet',
    message: 'There was an issue loading the embedded wallet. Please try again later.',
    variant: 'error',
  },
  IFRAME_REQUEST_TIMEOUT: {
    title: 'Embedded Wallet Request Timed Out',
    message: 'There was an issue doing the request to the embedded wallet. Please try again later.',
    variant: 'error',
  },
  SESSION_EXPIRED: {
    title: 'Session Expired',
    message: 'Invalid session found - please check your time settings and connect again.',
    variant: 'error',
  },
  UNVERIFIED_DOMAIN: {
    title: 'Unverified Domain',
    message: 'Embedded wallet load failed. Ensure this domain is verified in the project configuration.',
    variant: 'error',
  },
  LOCAL_CONFIGURATION_IGNORED: {
    title: 'Local configuration ignored',
    message: 'A remote project configuration was fetched, so the local values of some features were ignored.',
    variant: 'warning',
  },
} as const

export type AlertCode = keyof typeof ALERTS
export type AlertVariant = 'error' | 'warning' | 'info'

/** An alert as it sits in state: plain data. */
export interface Alert {
  readonly code: AlertCode
  readonly title: string
  readonly message: string
  readonly variant: AlertVariant
}

/** Builds the alert for a code, optionally with a more specific message. */
export function alertFor(code: AlertCode, message?: string): Alert {
  const base = ALERTS[code]
  return { code, title: base.title, message: message ?? base.message, variant: base.variant }
}

/** SPEC 8 server message mapping: known API error texts to alerts. */
export function alertForServerMessage(message: string): AlertCode | null {
  if (message.includes('Unauthorized: origin not allowed')) return 'INVALID_APP_CONFIGURATION'
  if (message.includes('JWT validation error: JWT Token is not yet valid')) return 'SESSION_EXPIRED'
  if (message.includes('Unauthorized: invalid key')) return 'INVALID_PROJECT_ID'
  return null
}
