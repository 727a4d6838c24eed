import type { Catalogue } from '../types.js'
import { account } from '../ar/account.js'
import { common } from '../ar/common.js'
import { connect } from '../ar/connect.js'
import { flows } from '../ar/flows.js'
import { trade } from '../ar/trade.js'

/** The ar catalogue: its own chunk, loaded when a page shows ar (core/i18n/loadCatalogue.ts). */
export const messages: Catalogue = { ...common, ...connect, ...account, ...trade, ...flows }
