// Loads the WebAssembly shell; it mounts itself into #app.
import init from './pkg/gateway_web.js';

function fail(error) {
  const banner = document.getElementById('error-banner');
  banner.textContent = 'The workbench could not start: ' + error + '. Reload the page to try again.';
  banner.hidden = false;
  const loading = document.querySelector('#app .loading');
  if (loading) loading.textContent = 'The workbench could not start.';
}

init().catch(fail);
