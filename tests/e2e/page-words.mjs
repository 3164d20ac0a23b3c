// What the language tests read of a page: every word it shows (pageWords,
// run inside the page by page.evaluate) and the string values of its JSON
// (jsonStrings), and what a test found in them over the states it read
// (findings). Shared by zh-TW.test.mjs and pseudo-locale.test.mjs.

import assert from 'node:assert/strict';

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

/**
 * What a language test found, by place and text, over the states it read:
 * `{ text, where, words, states }`. `lang` is the tag the page must be in;
 * `drawn(words)` says whether the page shows its language's words at all
 * (`drawnWhat` names them in the failure); `letters` makes a JSON string a
 * word (jsonStrings); `wordsIn(text, where, data)` gives the words of a
 * text the language may not show; `found` says what they are ('left in
 * English') and `label` names them in the list ('English'). With
 * `valuesIn(value)`, each JSON string value is read too (fixture data), and
 * what it gives is recorded at 'JSON value'.
 */
export function findings({ lang, drawn, drawnWhat, letters, wordsIn, found, label, valuesIn }) {
  const seen = new Map();
  let snaps = 0;
  const record = (text, where, words, state) => {
    const k = `${where}\u0000${text}`;
    if (!seen.has(k)) seen.set(k, { text, where, words, states: new Set() });
    seen.get(k).states.add(state);
  };
  return {
    /** Reads the words of `page` in state `state` (it must be drawn in `lang`). */
    async snap(page, state) {
      const { words, json, lang: shown } = await page.evaluate(pageWords);
      if (shown !== lang) record(`<html lang="${shown}">`, 'html', [`lang is not ${lang}`], state);
      assert.ok(drawn(words), `${state}: the page shows ${drawnWhat} (is it drawn?): ${JSON.stringify(words.slice(0, 5))}`);
      snaps += 1;
      const data = jsonStrings(json, letters);
      for (const { text, where } of words) {
        const left = wordsIn(text, where, data);
        if (left.length > 0) record(text, where, left, state);
      }
      for (const value of valuesIn ? data : []) {
        const left = valuesIn(value);
        if (left.length > 0) record(value, 'JSON value (ledger, arguments, output, decision, runs)', left, state);
      }
    },
    get snaps() {
      return snaps;
    },
    list() {
      return [...seen.values()];
    },
    /** Fails with one line per text found. */
    assertNone(what) {
      const lines = this.list().map((f) => {
        const states = [...f.states];
        const shown = states.slice(0, 3).join('; ') + (states.length > 3 ? `; +${states.length - 3} more` : '');
        return `  - ${JSON.stringify(f.text)}\n      at ${f.where}; ${label}: ${[...new Set(f.words)].join(', ')}; in: ${shown}`;
      });
      assert.equal(lines.length, 0, `${lines.length} text(s) ${found} ${what}:\n${lines.join('\n')}`);
    },
  };
}
