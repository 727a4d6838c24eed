import type { Catalogue } from '../types.js'
import { account } from '../ja/account.js'
import { common } from '../ja/common.js'
import { connect } from '../ja/connect.js'
import { flows } from '../ja/flows.js'
import { trade } from '../ja/trade.js'

/** The ja catalogue: its own chunk, loaded when a page shows ja (core/i18n/loadCatalogue.ts). */
export const messages: Catalogue = { ...common, ...connect, ...account, ...trade, ...flows }
