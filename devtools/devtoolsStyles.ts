/** The panel's own stylesheet, inside its shadow root: the host page's CSS never reaches it, and it never reaches the page. */
export const DEVTOOLS_CSS = `
:host { all: initial; }
* { box-sizing: border-box; }
.panel { font: 12px/1.4 ui-sans-serif, system-ui, sans-serif; color: #e6e8eb; background: #16181d; display: flex; flex-direction: column; height: 100%; min-height: 0; }
.docked { position: fixed; left: 0; right: 0; bottom: 0; z-index: 2147483646; box-shadow: 0 -4px 16px rgba(0,0,0,.35); }
.handle { height: 6px; cursor: ns-resize; background: #2a2e36; flex: none; }
.handle:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, [role=listbox]:focus-visible { outline: 2px solid #7aa2ff; outline-offset: 1px; }
.toolbar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; padding: 6px 8px; border-bottom: 1px solid #2a2e36; flex: none; }
.toolbar h2 { font-size: 12px; margin: 0 8px 0 0; }
.source { color: #9aa3ad; margin-right: auto; }
button, .file { font: inherit; color: inherit; background: #2a2e36; border: 1px solid #3a3f49; border-radius: 4px; padding: 3px 8px; cursor: pointer; }
button[aria-pressed=true] { background: #3b4a6b; }
button:disabled { opacity: .5; cursor: default; }
input[type=search], select { font: inherit; color: inherit; background: #0f1115; border: 1px solid #3a3f49; border-radius: 4px; padding: 3px 6px; }
.file input { position: absolute; width: 1px; height: 1px; opacity: 0; }
.scrub { display: flex; gap: 8px; align-items: center; padding: 4px 8px; border-bottom: 1px solid #2a2e36; flex: none; }
.scrub input { flex: 1; }
.body { display: grid; grid-template-columns: minmax(220px, 1fr) minmax(260px, 1.4fr) minmax(260px, 1.2fr); min-height: 0; flex: 1; }
.list { overflow: auto; margin: 0; padding: 0; list-style: none; border-right: 1px solid #2a2e36; }
.list li { display: flex; gap: 8px; padding: 2px 8px; cursor: pointer; white-space: nowrap; }
.list li[aria-selected=true] { background: #3b4a6b; }
.list .time { color: #9aa3ad; font-variant-numeric: tabular-nums; min-width: 64px; text-align: right; }
.list .failed { color: #ff8a80; }
.details { overflow: auto; padding: 6px 8px; border-right: 1px solid #2a2e36; min-width: 0; }
.tabs { display: flex; gap: 4px; margin-bottom: 6px; }
pre { margin: 0; white-space: pre-wrap; word-break: break-all; font: 11px/1.4 ui-monospace, monospace; }
.diff { margin: 0; padding: 0; list-style: none; font: 11px/1.4 ui-monospace, monospace; }
.diff li { padding: 2px 0; border-bottom: 1px solid #22262d; word-break: break-all; }
.diff .before { color: #ff8a80; }
.diff .after { color: #9be39b; }
.preview { overflow: auto; padding: 8px; background: #f6f7f9; color: #111; min-width: 0; }
.preview-buttons { display: flex; gap: 8px; flex-wrap: wrap; margin: 8px 0; }
.summary { display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; margin: 0; }
.summary dt { font-weight: 600; }
.summary dd { margin: 0; word-break: break-all; }
.empty, .muted { color: #9aa3ad; padding: 8px; }
.alert { color: #ffb4a9; padding: 4px 8px; flex: none; }
.drop { outline: 2px dashed #7aa2ff; outline-offset: -4px; }
.toggle { position: fixed; right: 12px; bottom: 12px; z-index: 2147483646; font: 12px ui-sans-serif, system-ui, sans-serif; color: #e6e8eb; background: #16181d; border: 1px solid #3a3f49; border-radius: 16px; padding: 6px 12px; cursor: pointer; }
`
