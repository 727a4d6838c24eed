import type { Catalogue } from '../types.js'
import { account } from '../zh/account.js'
import { common } from '../zh/common.js'
import { connect } from '../zh/connect.js'
import { flows } from '../zh/flows.js'
import { trade } from '../zh/trade.js'

/** The zh catalogue: its own chunk, loaded when a page shows zh (core/i18n/loadCatalogue.ts). */
export const messages: Catalogue = { ...common, ...connect, ...account, ...trade, ...flows }
