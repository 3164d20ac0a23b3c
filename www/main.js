// Starts the wasm shell or says why not, in index.html's words; a classic
// script, to run where a module cannot (see ARCHITECTURE.md).
(() => {
  const d = document;
  let timer;
  const show = (why, detail) => {
    const at = d.querySelector('#app > .loading') || (why == 'error' && d.querySelector('#error-banner[hidden]'));
    if (!at) return;
    if (why != 'slow') clearTimeout(timer);
    const p = (why == 'slow' ? d : d.querySelector('#start-failed').content).querySelector(`[data-why=${why}]`).cloneNode(true);
    if (p.firstElementChild) p.firstElementChild.textContent = detail;
    p.className = 'loading';
    p.setAttribute('role', 'alert');
    at.replaceWith(p);
  };
  self.workbenchFailed = show;
  timer = setTimeout(show, 8000, 'slow');
  if (d.querySelector('meta[name=workbench-build]')) return;
  if (location.protocol == 'file:') return show('file');
  // The author build for the authoring panel, the answer key and the
  // course page only.
  const pkg = /[?&](author|teacher)=1(&|$)/.test(location.search) || d.getElementById('app')?.dataset.page == 'course' ? './pkg/author/' : './pkg/';
  // Streaming needs application/wasm; other types compile from bytes.
  const wasm = fetch(pkg + 'gateway_web_bg.wasm').then((r) => {
    if (!r.ok) throw `HTTP ${r.status} ${r.url}`;
    return r.headers.get('Content-Type')?.split(';')[0].trim() == 'application/wasm' ? r : r.arrayBuffer();
  });
  Promise.all([import(pkg + 'gateway_web.js'), wasm]).then(
    ([glue, module_or_path]) => glue.default({ module_or_path }).catch((e) => show('error', e)),
    (e) => show(self.origin == 'null' ? 'frame' : 'files', e),
  );
})();
