import type { OnrampState } from '../../onramp/types.js'

/** No form yet; its own module so the page's first chunk, which reads the portfolio's initial state, carries no on-ramp logic. */
export const initialOnrampState: OnrampState = {
  account: null,
  options: { status: 'idle', value: null, fallback: false },
  purchaseCurrency: null,
  paymentCurrency: 'USD',
  method: 'card',
  amount: '',
  quote: { status: 'idle', value: null },
  purchase: { status: 'idle', provider: null, startBalance: null, received: null, error: null },
}
