// Loads the WebAssembly shell; it mounts itself into #app.
//
// The module is fetched here rather than by the generated glue so that a
// server sending the wrong MIME type for .wasm still gets a working page:
// streaming compilation needs `application/wasm`, the byte path does not.
import init from './pkg/gateway_web.js';

const WASM = new URL('./pkg/gateway_web_bg.wasm', import.meta.url);

function fail(error) {
  const banner = document.getElementById('error-banner');
  banner.textContent = 'The workbench could not start: ' + error + '. Reload the page to try again.';
  banner.hidden = false;
  const loading = document.querySelector('#app .loading');
  if (loading) loading.textContent = 'The workbench could not start.';
}

async function start() {
  const response = await fetch(WASM);
  if (!response.ok) throw new Error(`${WASM.pathname} answered HTTP ${response.status}`);
  const type = (response.headers.get('Content-Type') || '').split(';')[0].trim();
  const module_or_path = type === 'application/wasm' ? response : await response.arrayBuffer();
  await init({ module_or_path });
}

start().catch(fail);
