/** SPEC 8 texts the frame transport fails with (the alert titles of SPEC 8 "Alerts"). */
export const FRAME_ERRORS = {
  /** An error reply without a message. */
  generic: 'An error occurred',
  timeout: 'Embedded Wallet Request Timed Out',
  notLoaded: 'Network Error - Could not load embedded wallet',
  /** The project's allowed origins do not include the page (SPEC 6 origin check): the frame would refuse it. */
  originDenied: 'Invalid App Configuration',
  rpcAborted: 'Request was aborted',
  aborted: 'Something went wrong',
  /** Not in SPEC 8, our wording: the frame's document was replaced before it answered (`reloaded`). */
  reloaded: 'The embedded wallet reloaded before it answered. Please try again.',
} as const
