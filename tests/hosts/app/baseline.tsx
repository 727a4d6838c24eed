// React alone: the bytes every host app has anyway, subtracted from the Airlock app's.
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(<button type="button">Connect Wallet</button>)
