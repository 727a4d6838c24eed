// The React-only baseline: the same page shape as the kits (a connect button, a modal with the
// EIP-6963 wallets), in a few lines of plain React. Its bytes are subtracted from every app built
// by the same tool (built from .cache/bench/apps/baseline/, React 19.3.1 alone).
import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'

type Announced = CustomEvent<{ info: { uuid: string; name: string } }>

function App() {
  const [open, setOpen] = useState(false)
  const [wallets, setWallets] = useState<{ uuid: string; name: string }[]>([])
  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const { info } = (event as Announced).detail
      setWallets((list) => (list.some((w) => w.uuid === info.uuid) ? list : [...list, info]))
    }
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    return () => window.removeEventListener('eip6963:announceProvider', onAnnounce)
  }, [])
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Connect Wallet</button>
      {open ? (
        <div role="dialog" aria-modal="true" aria-label="Connect a wallet">
          <ul>{wallets.map((w) => <li key={w.uuid}><button type="button">{w.name}</button></li>)}</ul>
        </div>
      ) : null}
    </>
  )
}

createRoot(document.getElementById('root')!).render(<App />)
