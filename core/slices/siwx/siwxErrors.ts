/** The sign-in messages of SPEC 8, word for word (the first is the spec's own wording). */
export const SIWX_ERRORS = {
  initFailed: 'A problem occurred while trying initialize authentication',
  declined: 'Signature declined',
  smartAccount: 'This application might not support Smart Accounts',
  notEnabled: 'SIWX is not enabled',
  noAddress: 'No ActiveCaipAddress found',
  noNetwork: 'No ActiveCaipNetwork or client found',
  noClient: 'No ConnectionController client found',
} as const
