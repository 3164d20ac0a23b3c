// Starts the wasm shell or says why not, in index.html's words; a classic
// script, to run where a module cannot (see ARCHITECTURE.md).
(() => {
  const d = document;
  let timer;
  const show = (why, detail) => {
    const at = d.querySelector('#app > .loading') || (why == 'error' && d.querySelector('#error-banner[hidden]'));
    if (!at) return;
    if (why != 'slow' && why != 'early') clearTimeout(timer);
    const p = (why == 'slow' ? d : d.querySelector('#start-failed').content).querySelector(`[data-why=${why}]`).cloneNode(true);
    if (p.firstElementChild) p.firstElementChild.textContent = detail;
    p.className = 'loading';
    p.setAttribute('role', 'alert');
    at.replaceWith(p);
  };
  self.workbenchFailed = show;
  timer = setTimeout(show, 8000, 'slow');
  firstView();
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
  // import() resolves against this script's address (pkg/main.js), fetch
  // against the page's: the glue's address made whole.
  Promise.all([import(new URL(pkg + 'gateway_web.js', d.baseURI).href), wasm]).then(
    ([glue, module_or_path]) => glue.default({ module_or_path }).catch((e) => show('error', e)),
    (e) => show(self.origin == 'null' ? 'frame' : 'files', e),
  );

  // index.html's first view (scripts/build-web writes it for the bare
  // address) until the shell takes it over (crates/gateway-web/src/first_view.rs).
  function firstView() {
    const app = d.getElementById('app');
    const ours = (e) => !e.matches('.loading, .start-hint, noscript');
    const runs = app?.dataset.firstView;
    if (runs == null) return;
    const waiting = () => app.hasAttribute('data-first-view');
    if (location.search || location.hash) {
      // Another experiment, language or setup: the shell draws it anew.
      for (const e of [...app.children]) if (ours(e)) e.remove();
      app.removeAttribute('data-first-view');
      app.removeAttribute('class');
      return;
    }
    // A button before the shell listens does nothing yet: say so.
    d.addEventListener('click', (e) => waiting() && e.target.closest?.('#app button') && show('early'), true);
    const opened = new Set();
    d.addEventListener('toggle', (e) => waiting() && opened.add(e.target), true);
    let given;
    // The shell takes the first view over: its elements by the order the
    // shell made them in (the runs), each emptied of its attributes but an
    // open panel's and of its children, for the shell to build and draw as
    // new ones. First, what the learner typed, chose, opened and focused.
    self.workbenchTakeover = () => {
      if (!waiting()) return;
      app.removeAttribute('data-first-view');
      const at = d.activeElement;
      const [start, end] = [at?.selectionStart, at?.selectionEnd];
      const checkable = (e) => e.type == 'checkbox' || e.type == 'radio';
      const changed = [...app.querySelectorAll('input, textarea, select')].filter((e) =>
        e.tagName == 'SELECT' ? [...e.options].some((o) => o.selected != o.defaultSelected)
          : checkable(e) ? e.checked != e.defaultChecked : e.value != e.defaultValue,
      ).map((e) => [e, e.value, e.checked]);
      // Given back as the events the page listens to, once it listens.
      given = () => {
        for (const [e, value, checked] of changed) {
          if (!e.isConnected) continue;
          if (checkable(e)) e.checked = checked;
          else e.value = value;
          e.dispatchEvent(new Event(checkable(e) || e.tagName == 'SELECT' ? 'change' : 'input', { bubbles: true }));
        }
        for (const e of opened) if (e.isConnected && e.open) e.dispatchEvent(new Event('toggle'));
        if (at != d.body && at?.isConnected && app.contains(at)) {
          at.focus({ preventScroll: true });
          if (start != null) at.setSelectionRange(start, end);
        }
      };
      const written = [...app.children].filter(ours).flatMap((e) => [e, ...e.querySelectorAll('*')]);
      const slots = [];
      for (const run of runs.split(' ')) {
        const [from, to = from] = run.split('-').map(Number);
        for (let n = from; n <= to; n++) slots[n] = written.shift();
      }
      if (written.length) return;
      for (const e of slots) {
        if (!e) continue;
        for (const a of [...e.attributes]) if (a.name != 'open') e.removeAttribute(a.name);
        e.replaceChildren();
      }
      return slots;
    };
    self.workbenchTookOver = () => given?.();
  }
})();
