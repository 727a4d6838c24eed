/** Every modal view (SPEC 2), plus the views later slices open. There are no URL routes. */
export const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
  'ConnectingSocial',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmail',
  'UnsupportedChain',
  'Networks',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'SIWXSignMessage',
  'ApproveTransaction',
  'Send',
  'Receive',
  'Swap',
  'OnRampProviders',
  'Transactions',
  'WhatIsAWallet',
] as const

export type View = (typeof VIEWS)[number]
export type Transition = 'next' | 'prev'
