// The page's words as the catalogues hold them
// (crates/gateway-core/locales/<tag>.ftl), so that a test can drive the page
// by its accessible names in either language and read its captions and
// notices without copying a word of the catalogue.
//
//   import { EN, ZH, LANGUAGES } from './locales.mjs';
//   await page.getByRole('button', { name: ZH.buttons.nextGate }).click();
//   assert.match(caption, ZH.captions.rejectedAt('role'));
//
// `catalogue(tag)` is a tiny reader of the .ftl file: `text(id)` gives a
// plain message (`id = text`, literals like {"{"} resolved) and fails for
// one with variables; `pattern(id, values)` gives a RegExp matching the
// whole text of any message, its fixed parts literally, each variable as
// given in `values` (a string, matched literally, or a RegExp from
// `pattern`) or as anything, and a select as the variant `values` picks or
// any of its variants. Runs of white space match any white space.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GATE_COUNT, GATE_IDS, ROOT } from './harness.mjs';

const LOCALES = join(ROOT, 'crates', 'gateway-core', 'locales');

/** `id → source text` of every message and term of an .ftl file (comments skipped). */
function parseFtl(source) {
  const messages = new Map();
  let id = null;
  let lines = [];
  const flush = () => {
    if (id !== null) {
      while (lines.length > 1 && lines.at(-1).trim() === '') lines.pop();
      messages.set(id, lines.map((l, i) => (i === 0 ? l : l.trim())).join('\n').replace(/^\n/, ''));
    }
    id = null;
    lines = [];
  };
  for (const line of source.split('\n')) {
    const start = /^(-?[a-zA-Z][\w-]*) *= *(.*)$/.exec(line);
    if (start) {
      flush();
      [, id] = start;
      lines = [start[2]];
    } else if (id !== null && (line.trim() === '' || /^[\s}]/.test(line))) {
      lines.push(line); // a continuation line (indented, or closing a placeable), or a blank inside one
    } else {
      flush(); // a comment, or the end of the message
    }
  }
  flush();
  return messages;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The index of the `}` that closes the `{` at `open` in `s`. */
function closing(s, open) {
  let depth = 0;
  for (let i = open; i < s.length; i += 1) {
    if (s[i] === '"') {
      for (i += 1; i < s.length && s[i] !== '"'; i += 1) if (s[i] === '\\') i += 1;
    } else if (s[i] === '{') depth += 1;
    else if (s[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`unbalanced braces in ${JSON.stringify(s)}`);
}

/** The variants `[key] value` / `*[key] value` of a select's body, as `{ key, value, isDefault }`. */
function variants(body) {
  const found = [];
  let i = 0;
  for (;;) {
    const head = /(\*?)\[\s*([^\]\s]+)\s*\]/y;
    const rest = body.slice(i);
    const at = rest.search(/\*?\[/);
    if (at < 0) break;
    head.lastIndex = i + at;
    const m = head.exec(body);
    if (!m) break;
    // The value runs to the next variant at depth 0, or to the end.
    const j = head.lastIndex;
    let end = body.length;
    for (let k = j; k < body.length; k += 1) {
      if (body[k] === '{') k = closing(body, k);
      else if (body[k] === '\n' && /^\s*\*?\[/.test(body.slice(k))) {
        end = k;
        break;
      }
    }
    found.push({ key: m[2], value: body.slice(j, end).trim(), isDefault: m[1] === '*' });
    i = end;
  }
  return found;
}

/** Reads the catalogue of `tag` ('en', 'zh-TW'). */
export function catalogue(tag) {
  const messages = parseFtl(readFileSync(join(LOCALES, `${tag}.ftl`), 'utf8'));
  const source = (id) => {
    if (!messages.has(id)) throw new Error(`${tag}.ftl has no message ${id}`);
    return messages.get(id);
  };

  /** The text of a pattern, or null where it needs a variable's value. */
  function plain(src) {
    let out = '';
    for (let i = 0; i < src.length; i += 1) {
      if (src[i] !== '{') {
        out += src[i];
        continue;
      }
      const end = closing(src, i);
      const inner = src.slice(i + 1, end).trim();
      if (inner.startsWith('"')) out += JSON.parse(inner);
      else if (inner.startsWith('-')) {
        const term = plain(source(inner));
        if (term === null) return null;
        out += term;
      } else return null;
      i = end;
    }
    return out;
  }

  /** A RegExp source for a pattern. */
  function regex(src, values) {
    let out = '';
    for (let i = 0; i < src.length; i += 1) {
      if (/\s/.test(src[i])) {
        while (i + 1 < src.length && /\s/.test(src[i + 1])) i += 1;
        out += '\\s+';
        continue;
      }
      if (src[i] !== '{') {
        out += escape(src[i]);
        continue;
      }
      const end = closing(src, i);
      const inner = src.slice(i + 1, end).trim();
      i = end;
      if (inner.startsWith('"')) {
        out += escape(JSON.parse(inner));
      } else if (inner.startsWith('-')) {
        out += regex(source(inner), values);
      } else {
        const m = /^\$(\w+)\s*(->)?([\s\S]*)$/.exec(inner);
        if (!m) throw new Error(`${tag}: cannot read the placeable {${inner}}`);
        const [, name, select, body] = m;
        const value = values[name];
        if (select) {
          const all = variants(body);
          const pick =
            value === undefined ? all : [all.find((v) => v.key === String(value)) ?? all.find((v) => v.isDefault)];
          out += `(?:${pick.map((v) => regex(v.value, values)).join('|')})`;
        } else if (value instanceof RegExp) {
          out += `(?:${value.inner ?? value.source})`;
        } else if (value !== undefined) {
          out += escape(String(value));
        } else {
          out += '[\\s\\S]*?';
        }
      }
    }
    return out;
  }

  return {
    tag,
    /** The text of a message without variables. */
    text(id) {
      const t = plain(source(id));
      if (t === null) throw new Error(`${tag}.ftl: ${id} has variables; use pattern()`);
      return t;
    },
    /** A RegExp matching the whole text of message `id` (see the head of this file). */
    pattern(id, values = {}) {
      const inner = regex(source(id), values);
      const re = new RegExp(`^(?:${inner})$`);
      re.inner = inner;
      return re;
    },
    /** A RegExp matching the message inside a longer text (not anchored). */
    within(id, values = {}) {
      return new RegExp(regex(source(id), values));
    },
    /** Every message id, in file order. */
    ids() {
      return [...messages.keys()].filter((id) => !id.startsWith('-'));
    },
  };
}

/**
 * The catalogue of a locale that has no .ftl file of its own (the test
 * build's pseudo-locale en-XA, made from en.ftl), read from the data the
 * build wrote (`<tag>.json`: messages in id order, each a text, or a list
 * of texts, variables by their place in name order and selects
 * `{"s", "k", "d"}`), with the reference's message ids and variables: the
 * same `text`, `pattern` and `within` as `catalogue`.
 */
export function dataCatalogue(tag, data) {
  const en = parseFtl(readFileSync(join(LOCALES, 'en.ftl'), 'utf8'));
  const ids = [...en.keys()].filter((id) => !id.startsWith('-')).sort();
  const variables = (id) => {
    const found = new Set();
    const walk = (src) => {
      for (const m of src.matchAll(/\$(\w+)|\{\s*(-[\w-]+)/g)) {
        if (m[1]) found.add(m[1]);
        else if (en.has(m[2])) walk(en.get(m[2]));
      }
    };
    walk(en.get(id));
    return [...found].sort();
  };
  const message = (id) => {
    const i = ids.indexOf(id);
    if (i < 0) throw new Error(`${tag}: no message ${id}`);
    return { pattern: data.messages[i], names: variables(id) };
  };
  const regex = (pattern, names, values) => {
    if (typeof pattern === 'string') return escape(pattern).replace(/\s+/g, '\\s+');
    if (!Array.isArray(pattern)) return '';
    return pattern
      .map((e) => {
        if (typeof e === 'string') return regex(e, names, values);
        if (typeof e === 'number') {
          const value = values[names[e]];
          if (value instanceof RegExp) return `(?:${value.inner ?? value.source})`;
          return value === undefined ? '[\\s\\S]*?' : escape(String(value));
        }
        const value = values[names[e.s]];
        const all = [...e.k.map(([key, p]) => ({ key, p })), { key: null, p: e.d }];
        const pick = value === undefined ? all : [all.find((v) => v.key === String(value)) ?? all.at(-1)];
        return `(?:${pick.map((v) => regex(v.p, names, values)).join('|')})`;
      })
      .join('');
  };
  return {
    tag,
    text(id) {
      const { pattern } = message(id);
      if (typeof pattern === 'string') return pattern;
      if (Array.isArray(pattern) && pattern.every((e) => typeof e === 'string')) return pattern.join('');
      throw new Error(`${tag}: ${id} has variables; use pattern()`);
    },
    pattern(id, values = {}) {
      const { pattern, names } = message(id);
      const inner = regex(pattern, names, values);
      const re = new RegExp(`^(?:${inner})$`);
      re.inner = inner;
      return re;
    },
    within(id, values = {}) {
      const { pattern, names } = message(id);
      return new RegExp(regex(pattern, names, values));
    },
    ids() {
      return ids;
    },
  };
}

/**
 * The names table of a language: the accessible names, option labels and
 * captions a test drives and reads the page by, all from the catalogue
 * (`c`: the locale's .ftl file, or another catalogue with its methods).
 */
export function names(tag, c = catalogue(tag)) {
  const t = (id) => c.text(id);
  const gateName = (gate) => t(`gate-name-${gate}`);
  return {
    tag,
    catalogue: c,
    /** `path` ('?experiment=email', '#s=…', '') opened in this language. */
    at(path = '') {
      if (tag === 'en') return path;
      const hash = path.indexOf('#');
      const [query, fragment] = hash < 0 ? [path, ''] : [path.slice(0, hash), path.slice(hash)];
      return `${query}${query.includes('?') ? '&' : '?'}lang=${tag}${fragment}`;
    },
    /** The language's own name, as the Language select lists it. */
    self: t('language-self'),
    labels: {
      language: t('language-label'),
      tool: t('tool-label'),
      example: t('example-label'),
      toolName: t('tool-name-label'),
      args: t('args-label'),
      role: t('role-label'),
      hook: t('hook-label'),
      key: t('key-label'),
      reuse: t('reuse-label'),
      decision: t('decision-label'),
      notes: t('notes-label'),
      shareLink: t('share-link-label'),
      speed: t('speed-label'),
      ledger: t('ledger-json'),
    },
    buttons: {
      playRun: t('play-run'),
      pause: t('pause'),
      nextGate: t('next-gate'),
      restart: t('restart-inspection'),
      resetLedger: t('reset-ledger'),
      approve: t('approve-exact-payload'),
      revoke: t('revoke-approval'),
      startTurn: t('start-turn'),
      endTurn: t('end-turn'),
      nextCall: t('next-call'),
      captureBaseline: t('capture-baseline'),
      replaceBaseline: t('replace-baseline'),
      clearBaseline: t('clear-baseline'),
      copyLink: t('copy-link'),
      exportNotes: t('export-notes'),
      expand: t('expand-experiment'),
    },
    options: {
      viewer: t('role-viewer'),
      operator: t('role-operator'),
      noHook: t('hook-none'),
      blockMutations: t('hook-block-mutations'),
      redactOutput: t('hook-redact-output'),
      valid: t('example-valid'),
      malformed: t('example-malformed'),
      boundary: t('example-boundary'),
      quarterSpeed: t('speed-quarter'),
      halfSpeed: t('speed-half'),
      normalSpeed: t('speed-normal'),
      doubleSpeed: t('speed-double'),
    },
    regions: {
      gates: c.pattern('gates-label', { count: GATE_COUNT }),
    },
    captions: {
      /** A finished run's caption, rejected at `gate`: it names the gate as the sentence does. */
      rejectedAt: (gate) => {
        // Followed, after most rejections, by what to change.
        const rejected = c.pattern('caption-rejected', { gate: gateName(gate) });
        const wayOn = c.pattern('caption-rejected-way-on', { rejected });
        return c.pattern('caption-finished', { result: new RegExp(`${rejected.inner}|${wayOn.inner}`) });
      },
      /** The caption while `gate` is under inspection (`state`: 'playing' or 'paused', or either). */
      at: (gate, state) =>
        c.pattern('caption-at', { state, number: GATE_IDS.indexOf(gate) + 1, total: GATE_COUNT, gate: gateName(gate) }),
      /** Any finished run's caption. */
      finished: c.pattern('caption-finished'),
    },
  };
}

export const EN = names('en');
export const ZH = names('zh-TW');
/** Every language of the page, English first. */
export const LANGUAGES = [EN, ZH];
