/**
 * The dev mobile wallet's HTML: a static shell, everything dynamic is drawn
 * by `main.ts` with text nodes only.
 */
export const MOBILE_WALLET_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Airlock dev mobile wallet</title>
<style>
  :root { color-scheme: light dark; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0 auto; max-width: 34rem; padding: 1rem; }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  h2 { font-size: 1rem; margin: 1.25rem 0 .5rem; }
  .muted { color: #64748b; font-size: .85rem; overflow-wrap: anywhere; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  textarea { box-sizing: border-box; width: 100%; min-height: 5.5rem; font: 13px/1.3 ui-monospace, Menlo, monospace; padding: .5rem; border-radius: 8px; border: 1px solid #94a3b8; }
  button { font: inherit; padding: .45rem 1rem; border-radius: 8px; border: 1px solid #64748b; background: transparent; color: inherit; cursor: pointer; }
  button:focus-visible, textarea:focus-visible { outline: 3px solid #0891b2; outline-offset: 2px; }
  button.approve { background: #0e7490; border-color: #0e7490; color: #fff; }
  button.reject { border-color: #b91c1c; color: #b91c1c; }
  button:disabled { opacity: .5; cursor: default; }
  .row { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .5rem; }
  .card { border: 1px solid #cbd5e1; border-radius: 10px; padding: .75rem; margin: .5rem 0; }
  .card h3 { margin: 0 0 .25rem; font-size: .95rem; }
  .detail { margin: .25rem 0; font: 13px/1.35 ui-monospace, Menlo, monospace; white-space: pre-wrap; word-break: break-all; max-height: 9em; overflow: auto; }
  [role="alert"]:empty, .status:empty { display: none; }
  [role="alert"] { color: #b91c1c; margin: .5rem 0; }
  .status { margin: .5rem 0; }
  ul { list-style: none; padding: 0; margin: 0; }
</style>
</head>
<body>
<main>
  <h1>Airlock dev mobile wallet</h1>
  <p class="muted">A WalletConnect wallet for the local dev stack. Account <span id="account">…</span>, relay <span id="relay">…</span>.</p>
  <form id="pair-form" novalidate>
    <label for="uri">WalletConnect URI</label>
    <textarea id="uri" name="uri" autocomplete="off" spellcheck="false" aria-describedby="uri-help" placeholder="wc:…@2?relay-protocol=irn&amp;symKey=…"></textarea>
    <p id="uri-help" class="muted">Copy the URI from the dapp's QR code view and paste it here.</p>
    <div class="row"><button type="submit" class="approve" id="pair">Pair</button></div>
  </form>
  <p id="error" role="alert"></p>
  <p id="status" class="status" role="status" aria-live="polite"></p>
  <section aria-labelledby="proposals-title"><h2 id="proposals-title">Connection requests</h2><ul id="proposals"></ul></section>
  <section aria-labelledby="requests-title"><h2 id="requests-title">Requests to approve</h2><ul id="requests"></ul></section>
  <section aria-labelledby="sessions-title"><h2 id="sessions-title">Connected dapps</h2><ul id="sessions"></ul></section>
</main>
<script type="module" src="./main.js"></script>
</body>
</html>
`
