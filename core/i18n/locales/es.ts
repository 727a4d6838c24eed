import type { Catalogue } from '../types.js'
import { account } from '../es/account.js'
import { common } from '../es/common.js'
import { connect } from '../es/connect.js'
import { flows } from '../es/flows.js'
import { trade } from '../es/trade.js'

/** The es catalogue: its own chunk, loaded when a page shows es (core/i18n/loadCatalogue.ts). */
export const messages: Catalogue = { ...common, ...connect, ...account, ...trade, ...flows }
