// No word is made outside the catalogue (issue 31): the page in the
// pseudo-locale en-XA, which the test build alone has (`scripts/build-web
// --pseudo` writes it to target/pseudo-www/, served here; every message of
// en.ftl accented, about 40 % longer, in brackets: build/pseudo.rs).
//
// The page is opened in the states the zh-TW test visits, by the same walk
// (state-walk.mjs: each experiment fresh and with its examples run to the
// end, mid-run and paused at a pending approval, after an effect, rejected
// at each gate that can reject, an agent turn, the declarations panel,
// notices and error paths; all but the two only Chinese can be read in,
// named below), every panel open, and every visible text node and
// accessible name is read as zh-TW.test.mjs reads them. A word of plain ASCII letters left is a word
// made outside the catalogue, unless it is an identifier or fixture data
// the page shows as it is (ALLOWED below, each entry with why; an entry
// that takes out nothing in any state is printed at the end, to be
// pruned). The check itself is tested: it finds one English literal
// planted in a panel. The tools' English output sentences are shown in the
// output panel's pre only, which is not read (until part 3 lands, tool
// outputs as messages).

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ROOT, e2eSuite, waitForGates } from './harness.mjs';
import { EN, dataCatalogue, names } from './locales.mjs';
import { findings as pageFindings, jsonStrings, pageWords } from './page-words.mjs';
import { stateWalk } from './state-walk.mjs';

const PSEUDO_WWW = join(ROOT, 'target', 'pseudo-www');
const DATA = join(PSEUDO_WWW, 'pkg', 'locales', 'en-XA.json');
if (!existsSync(DATA)) {
  throw new Error(`${DATA} is missing: build the pseudo-locale's page first (scripts/build-web --pseudo)`);
}
const XA = names('en-XA', dataCatalogue('en-XA', JSON.parse(readFileSync(DATA, 'utf8'))));
const suite = e2eSuite({ www: PSEUDO_WWW });

// ---------------------------------------------------------------------------
// What may stay in plain ASCII letters: identifiers and fixture data, shown
// as they are in every language (the journey issue translates the data).
// Each entry: its kind (why), the words (a RegExp matched as a whole token)
// and, when allowed in one place only, `where` (a RegExp on the
// description of the element, as the failure list prints it). Text in
// textarea, pre, code and q is not read (JSON the learner edits, the
// request, output and ledger JSON, tool names, the model's own words), as
// in zh-TW.test.mjs; nor is text in JSON quotes ("…"), learner or tool text
// a reason quotes.

const ALLOWED = [
  // The search index's three fixture records (search matches them literally), in the ledger's list.
  {
    kind: 'search record (fixture data)',
    whole: true,
    words:
      /Approval binds to the exact payload a reviewer saw, not to the role that asked\.|An operation key names one intended effect; replaying the key returns its receipt, not a second effect\.|Hooks run before and after execution; redaction changes the returned output, never the ledger\./,
  },
  // Tool names, as the registry holds them and a model calls them.
  { kind: 'tool name', words: /shell\.exec|files\.delete|files\.share|email|calendar|files|database|search|calculator/ },
  // Field names of the tools' arguments, the ledger, a model decision and a stored baseline.
  {
    kind: 'field name',
    words: /to|subject|body|title|start|end|operation|path|content|key|value|seats|status|query|limit|operator|left|right|name|args|text|rows|output|approved|command/,
  },
  // JSON's own words: the type a value was found to have ("(got number)", for a malformed decision or arguments).
  { kind: 'JSON type', words: /string|number|boolean|object|array|null/ },
  // Ids: operation keys, ledger ids, experiment ids, the marker redaction writes.
  { kind: 'id', words: /(?:intent|email|event)-\d+|filesystem|registry|injection|rewind|\[redacted\]/ },
  // The panel names hide= takes, and the names this test typed in the address (hide=nonsense,Side-Bar; ?experiment=nope).
  {
    kind: 'address value',
    words: /experiment|build|turn|request|gateway|output|runs|declarations|policy|ledger|baseline|notes|preview|nonsense|side-bar/,
    where: /div\.notice/,
  },
  // File paths, file names and addresses: the virtual files, downloads, example.test.
  {
    kind: 'path or address',
    words: /\/workspace\/[^\s"\]]*|[\w-]+\.json|[\w.+-]*@?(?:example|outside)\.test|https?:\/\/[^\s\]]+/,
  },
  // The language switch names each language in its own words (en-XA is not listed).
  { kind: "language's own name", words: /English/, where: /select#language option/ },
];

/** The entries of ALLOWED that took a plain-ASCII word out, in any state (the rest are printed at the end, to be pruned). */
const USED = new Set();
after(() => {
  const unused = ALLOWED.filter((e) => !USED.has(e)).map((e) => e.kind);
  if (unused.length > 0) console.log(`pseudo-locale: allowlist entries that took out nothing: ${unused.join('; ')}`);
});

/** The model's message, as the turn panel shows it as written: data. */
const MODEL_TEXT = /p\.turn-message/;
/** Panels that show the ledger's, the request's or a decision's data (not words): their JSON string values may appear. */
const DATA_PLACES = /^(ledger|baseline|turn|runs) /;

/** The plain-ASCII words of `text` left once the allowed kinds are taken out. */
function englishIn(text, where, data) {
  if (MODEL_TEXT.test(where)) return [];
  let rest = text.replace(/"(?:[^"\\]|\\.)*"/g, ' ');
  // A claim of the model's message, quoted “…” where the turn and the runs log judge it: the model's words.
  if (/^(turn|runs) /.test(where)) rest = rest.replace(/“[^”]*”/g, ' ');
  const drop = (source, entry) => {
    const re = new RegExp(`(?<![A-Za-z0-9_.-])(?:${source})(?![A-Za-z0-9_-])`, 'g');
    if (entry && (rest.match(re) ?? []).some((m) => /[A-Za-z]{2,}/.test(m))) USED.add(entry);
    rest = rest.replace(re, ' ');
  };
  for (const entry of ALLOWED.filter((e) => e.whole)) {
    if (!entry.where || entry.where.test(where)) drop(entry.words.source, entry);
  }
  if (DATA_PLACES.test(where)) {
    for (const v of data) drop(v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  }
  for (const entry of ALLOWED.filter((e) => !e.whole)) {
    if (!entry.where || entry.where.test(where)) drop(entry.words.source, entry);
  }
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

// ---------------------------------------------------------------------------
// Reading every word of the page (page-words.mjs, shared with zh-TW.test.mjs),
// in the states zh-TW.test.mjs reads it in (state-walk.mjs).

/** Words made outside the catalogue, by place and text. */
const findings = () =>
  pageFindings({
    lang: 'en-XA',
    drawn: (words) => words.filter((w) => w.text.includes('[')).length >= 10,
    drawnWhat: 'pseudo words',
    letters: /[A-Za-z]{2,}/,
    wordsIn: englishIn,
    found: 'made outside the catalogue',
    label: 'words',
  });

const walk = stateWalk(suite, XA);

describe('en-XA: every word comes from the catalogue', () => {
  test('the check itself: a planted English literal in a panel is found, and the English page is flagged', { timeout: 60_000 }, async () => {
    const { page } = await walk.open('?experiment=email');
    const clean = findings();
    await clean.snap(page, 'fresh');
    clean.assertNone('before planting');
    // One English literal added to a panel, as a shell that wrote a word of its own would.
    await page.evaluate(() => {
      const at = document.querySelector('[data-panel="gateway"] li[data-gate]');
      const span = document.createElement('span');
      span.textContent = 'Rejected';
      at.append(span);
    });
    const planted = findings();
    await planted.snap(page, 'planted');
    const found = planted.list();
    assert.equal(found.length, 1, `exactly the planted literal is found: ${JSON.stringify(found.map((f) => f.text))}`);
    assert.equal(found[0].text, 'Rejected');
    assert.match(found[0].where, /^gateway /);
    assert.throws(() => planted.assertNone('planted'), /1 text\(s\) made outside the catalogue/);
    // The English page: its labels are flagged.
    const { page: en } = await suite.open('?experiment=email');
    await waitForGates(en);
    const { words, json } = await en.evaluate(pageWords);
    const data = jsonStrings(json, /[A-Za-z]{2,}/);
    const flagged = words.filter((w) => englishIn(w.text, w.where, data).length > 0).map((w) => w.text);
    for (const name of [EN.labels.role, EN.buttons.nextGate, EN.buttons.copyLink, EN.options.viewer]) {
      assert.ok(flagged.includes(name), `${JSON.stringify(name)} is flagged`);
    }
  });

  test('in every experiment, fresh and with each example run to the end', { timeout: 240_000 }, async () => {
    const f = findings();
    await walk.experiments(f);
    f.assertNone('in the experiments');
  });

  test('mid-run, a pending approval, an effect, a replay, redaction and rejections', { timeout: 240_000 }, async () => {
    const f = findings();
    await walk.midRun(f);
    await walk.rejections(f);
    f.assertNone('during runs and rejections');
  });

  test('an agent turn, the declarations panel, and notices', { timeout: 300_000 }, async () => {
    const f = findings();
    await walk.agentTurn(f);
    await walk.notices(f);
    // Not visited here: the single file from file:// (dist/ has no
    // pseudo-locale), and a catalogue that cannot be downloaded (the page
    // falls back to English and says so in English, which is not a pseudo
    // word); zh-TW.test.mjs reads both.
    assert.ok(f.snaps >= 15, `${f.snaps} states seen`);
    f.assertNone('in a turn, the declarations and the notices');
  });
});
