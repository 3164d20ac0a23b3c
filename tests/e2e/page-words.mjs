// What the language tests read of a page: every word it shows (pageWords,
// run inside the page by page.evaluate) and the string values of its JSON
// (jsonStrings). Shared by zh-TW.test.mjs and pseudo-locale.test.mjs.

/**
 * In the page: every visible text node (skipping textarea, pre and code,
 * which hold JSON and tool names), the text of every option of a visible
 * select, every aria-label, title and placeholder of a visible element, and
 * the document title; each with a short description of where it is. Also
 * the text of every JSON panel and field (for their string values).
 */
export function pageWords() {
  const describe = (el) => {
    const panel = el.closest('[data-panel]')?.dataset.panel ?? (el.closest('header') ? 'masthead' : 'page');
    const chain = [];
    for (let e = el; e && chain.length < 3 && e !== document.body; e = e.parentElement) {
      const cls = typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/)[0]}` : '';
      const gate = e.dataset?.gate ? `[data-gate=${e.dataset.gate}]` : '';
      chain.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${gate}${cls}`);
      if (e.id) break;
    }
    return `${panel} ${chain.join(' ')}`;
  };
  const visible = (el) => el.checkVisibility({ visibilityProperty: true });
  const words = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    const el = node.parentElement;
    // textarea, pre and code hold JSON and tool names; q quotes the model's own final text.
    if (!text || el.closest('textarea, pre, code, q, script, style, template, noscript')) continue;
    const option = el.closest('select');
    if (!visible(option ?? el)) continue;
    words.push({ text, where: describe(el) });
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (!visible(el)) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const text = el.getAttribute(name)?.trim();
      if (text) words.push({ text, where: `${describe(el)} @${name}` });
    }
  }
  words.push({ text: document.title, where: 'document title' });
  // The JSON of the request, arguments, decision, output, ledger and runs (not the declarations' schemas).
  const json = [...document.querySelectorAll('pre, textarea')]
    .filter((e) => !e.closest('[data-panel="declarations"]'))
    .map((e) => e.value ?? e.textContent);
  return { words, json, lang: document.documentElement.lang };
}

/**
 * The string values (not keys) of every JSON document in `texts` (a text
 * may start with a line or two of prose) that hold a word: two letters of
 * `letters` (by default any Latin script).
 */
export function jsonStrings(texts, letters = /\p{Script=Latin}{2,}/u) {
  const found = new Set();
  const walk = (v) => {
    if (typeof v === 'string') {
      if (letters.test(v)) found.add(v);
    } else if (v && typeof v === 'object') {
      for (const x of Object.values(v)) walk(x);
    }
  };
  for (const t of texts) {
    for (const start of [0, t.indexOf('{'), t.indexOf('[')].filter((i) => i >= 0)) {
      try {
        walk(JSON.parse(t.slice(start)));
        break;
      } catch {
        // not JSON from here
      }
    }
  }
  return [...found].sort((a, b) => b.length - a.length);
}
