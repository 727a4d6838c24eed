/**
 * SPEC 9 on-ramp limits and currencies. Their own module, not limits.ts: the page's first chunk holds
 * limits.ts, and esbuild keeps every statement of a module in one chunk, so constants only the lazy
 * Buy view uses would have grown it.
 */
export const ONRAMP_LIMITS = {
  card: { min: '10.00', max: '7500.00' },
  ach_bank_account: { min: '10.00', max: '25000.00' },
} as const
export const ONRAMP_CURRENCIES = ['USD', 'EUR'] as const
