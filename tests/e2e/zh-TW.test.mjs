// The page in Traditional Chinese (`?lang=zh-TW`, issue 9).
//
// 1. No English is left: the page is opened in every state the English
//    tests visit (each experiment fresh and with each example run to the
//    end, mid-run, finished, rejected at each gate that can reject, an agent
//    turn, every notice and error path) and every visible text node and
//    accessible name (aria-label, title, placeholder, label, button and
//    option text, the document title) is collected. Any Latin word left
//    once the untranslatable kinds are taken out (UNTRANSLATED below: JSON
//    and data, tool and field names, ids, paths, API names, the switch's
//    "English") fails the test, listed with where it is and in which states.
// 2. Switching language mid-run keeps the gate under inspection, the
//    approval, the ledger, the arguments and the notes; the address, a
//    reload and Copy link keep the language.
// 3. A catalogue that cannot be downloaded: the page stays in English and
//    says so, and with no catalogue at all it shows index.html's start-
//    failure message.
//
// The words the tests look for come from the catalogues (locales.mjs); the
// states of 1 are state-walk.mjs's, which pseudo-locale.test.mjs walks too.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ROOT, currentGateIds, e2eSuite, gateStatuses, ledgerJson, nextGates, openAllPanels, waitForGates } from './harness.mjs';
import { EN, ZH } from './locales.mjs';
import { findings as pageFindings, jsonStrings, pageWords } from './page-words.mjs';
import { button, caption, combobox, stateWalk, textbox } from './state-walk.mjs';

const suite = e2eSuite();

// ---------------------------------------------------------------------------
// What may stay in Latin letters in a Chinese page.
//
// Two kinds are rules rather than words (englishIn): text in JSON quotes
// ("…") is learner or tool text a reason quotes; and in the panels that
// show data again (DATA_PLACES: the ledger's lists, the baseline, the turn,
// the runs log) the string values of the page's JSON (ledger, arguments,
// request, output, decision) are that data (fixture titles and contents).
// Text inside textarea, pre, code and q is never read (JSON, tool names,
// the model's own words).
//
// The rest is UNTRANSLATED, each entry with its kind: the words (a RegExp
// matched as a whole token, not inside a longer Latin word) and, when they
// are allowed in one place only, `where` (a RegExp on the description of
// the element, as the failure list prints it).

const UNTRANSLATED = [
  // The search index's three fixture records (search matches them literally), in the ledger's list.
  {
    kind: 'search record',
    whole: true,
    words:
      /Approval binds to the exact payload a reviewer saw, not to the role that asked\.|An operation key names one intended effect; replaying the key returns its receipt, not a second effect\.|Hooks run before and after execution; redaction changes the returned output, never the ledger\./,
    where: /^ledger /,
  },
  // Tool names, as the registry holds them and a model calls them.
  { kind: 'tool name', words: /shell\.exec|files\.delete|files\.share|email|calendar|files|database|search|calculator/ },
  // Field names of the tools' arguments, the ledger, a model decision and a stored baseline.
  {
    kind: 'field name',
    words: /to|subject|body|title|start|end|operation|path|content|key|value|seats|status|query|limit|operator|left|right|name|args|params|text|rows|output|approved/,
  },
  // Values a learner types into a tool's fields (the database's operations), named in the goals.
  { kind: 'field value', words: /set|get/ },
  // A virtual file's own content, quoted by a goal (「Original notes」).
  { kind: 'file content', words: /Original notes/, where: /^experiment / },
  // JSON's own words: the type a value was found to have ("(實際為 string)").
  { kind: 'JSON type', words: /string|number|boolean|object|array|null/ },
  // Ids: operation keys, ledger ids, experiment ids, the marker redaction writes.
  { kind: 'id', words: /(?:intent|email|event)-\d+|filesystem|registry|injection|rewind|\[redacted\]/ },
  // A further reading's title: a paper's name and its venue, as cited.
  {
    kind: 'reading title',
    words: /AgentDojo|LLM|NeurIPS 2024 Datasets and Benchmarks|Stripe API/,
    where: /^page ul li a/,
  },
  // The page's query parameters, as typed in an address.
  { kind: 'address parameter', words: /hide=|\?experiment=|lang=/ },
  // The panel names hide= takes, and the names this test typed in the address (hide=nonsense,Side-Bar; ?experiment=nope).
  {
    kind: 'address value',
    words: /experiment|build|turn|request|gateway|output|runs|declarations|policy|ledger|baseline|notes|preview|nonsense|side-bar/,
    where: /div\.notice/,
  },
  { kind: 'address value', words: /nope/, where: /^page / },
  // File paths, file names and addresses: the virtual files, downloads, example.test, a URL in an error.
  // A URL in an error, before the other words: it may hold one (…/en/email.json).
  { kind: 'address', whole: true, words: /https?:\/\/[^\s，。、）]+/, where: /div\.notice/ },
  {
    kind: 'path or address',
    words: /\/workspace\/[^\s"，。、）]*|[\w-]+\.json|[\w.+-]*@?(?:example|outside)\.test|https?:\/\/[^\s，。、）]+/,
  },
  // The key shapes masking names: the secret scanner and the services whose keys it knows (the runs panel's masking note).
  { kind: 'key shape', words: /gitleaks|Google|GitHub|AWS|Slack|Stripe|JWT|Hugging Face|LINE|Authorization: Bearer/ },
  // API and format names.
  // The exports' names: functionDeclarations (parameters / parametersJsonSchema), OpenAI Chat Completions and Responses.
  {
    kind: 'API name',
    words:
      /MCP|Gemini|OpenAI|Anthropic Messages|Anthropic|JSON|HTTP|UTF-16|base64url|tools\/list|tools\/call|functionDeclarations|parametersJsonSchema|parameters|Chat Completions|Responses|tools|eval|HH:MM/,
  },
  // The glossary of zh-TW.ftl keeps "agent" in English ("agent turn Agent 回合"), and
  // seed 002 names the registry 「註冊表 / Tool Registry」; JavaScript is a language's name.
  { kind: 'glossary term', words: /Agent|Tool Registry|JavaScript/ },
  // A language is named in its own words: in the switch, and in the notice that its words failed to load.
  { kind: "language's own name", words: /English/, where: /select#language option|div\.notice/ },
];

/** Panels that show the ledger's, the request's or a decision's data (not words): their JSON string values may appear. */
const DATA_PLACES = /^(ledger|baseline|turn|runs) /;

/** Where the page shows the model's message as it wrote it. */
const MODEL_TEXT = /p\.turn-message/;

/** The Latin words of `text` left once every untranslatable kind is taken out. */
function englishIn(text, where, data) {
  // The model's own message (the turn panel shows it as written) is data.
  if (MODEL_TEXT.test(where)) return [];
  let rest = text.replace(/"(?:[^"\\]|\\.)*"/g, ' '); // quoted learner or tool text, as JSON quotes it
  // The runs log quotes a claim of the model's message in 「…」.
  if (/^runs /.test(where)) rest = rest.replace(/「[^」]*」/g, ' ');
  const drop = (source) => {
    rest = rest.replace(new RegExp(`(?<![A-Za-z0-9_.-])(?:${source})(?![A-Za-z0-9_-])`, 'g'), ' ');
  };
  // Whole sentences first (a data value inside one would break it up).
  for (const entry of UNTRANSLATED.filter((e) => e.whole)) {
    if (!entry.where || entry.where.test(where)) drop(entry.words.source);
  }
  if (DATA_PLACES.test(where)) {
    for (const v of data) drop(v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  }
  for (const entry of UNTRANSLATED.filter((e) => !e.whole)) {
    if (!entry.where || entry.where.test(where)) drop(entry.words.source);
  }
  return rest.match(/\p{Script=Latin}{2,}/gu) ?? [];
}

// ---------------------------------------------------------------------------
// Reading every word of the page (page-words.mjs), in the states the walk
// visits (state-walk.mjs, shared with pseudo-locale.test.mjs).

/** English found, by place and text: `{ text, where, words, states }`. */
const findings = () =>
  pageFindings({
    lang: 'zh-TW',
    drawn: (words) => words.filter((w) => /\p{Script=Han}/u.test(w.text)).length >= 3,
    drawnWhat: 'Chinese words',
    wordsIn: englishIn,
    found: 'left in English',
    label: 'English',
  });

const Z = ZH.labels;
const B = ZH.buttons;
const O = ZH.options;
const walk = stateWalk(suite, ZH);
const next = walk.next;

// ---------------------------------------------------------------------------
// 1. No English left.

describe('zh-TW: no English is left on the page', () => {
  test('on a fresh page and in every experiment, fresh and with each example run to the end', { timeout: 180_000 }, async () => {
    const f = findings();
    await walk.experiments(f);
    f.assertNone('in the experiments');
  });

  test('mid-run, playing, paused and finished: committed, replayed, redacted, preview and baseline', { timeout: 120_000 }, async () => {
    const f = findings();
    await walk.midRun(f);
    f.assertNone('during and after a run');
  });

  test('rejected at each gate that can reject (the after-hook never rejects)', { timeout: 120_000 }, async () => {
    const f = findings();
    await walk.rejections(f);
    f.assertNone('after rejections');
  });

  test('an agent turn: Start turn, each call, the claims, End turn, and malformed decisions', { timeout: 180_000 }, async () => {
    const f = findings();
    await walk.agentTurn(f);
    f.assertNone('in an agent turn');
  });

  test('every notice and error path', { timeout: 180_000 }, async () => {
    const f = findings();
    await walk.notices(f);

    // Two states the pseudo-locale's page cannot show (the single file has
    // no test locale; a failed catalogue is told in the language shown).
    // The single file (dist/workbench.html, scripts/build-dist) opened from a file.
    const single = join(ROOT, 'dist', 'workbench.html');
    assert.ok(existsSync(single), 'dist/workbench.html is missing: run scripts/build-dist first');
    const file = await suite.open(`${pathToFileURL(single).href}?experiment=email&lang=zh-TW`);
    await waitForGates(file.page);
    assert.ok(await file.page.locator('.file-note').isVisible(), 'the single file says it is the single file');
    await f.snap(file.page, 'the single file from file://');

    // English's catalogue fails to download: switching to it keeps Chinese and says so.
    const blocked = await suite.open('about:blank');
    await blocked.page.route('**/pkg/locales/en/*.json', (r) => r.fulfill({ status: 404, body: 'not found' }));
    await blocked.page.goto(new URL(ZH.at('?experiment=email'), suite.url).href);
    await waitForGates(blocked.page);
    await combobox(blocked.page, Z.language).selectOption({ label: EN.self });
    await blocked.page.getByText(ZH.catalogue.within('notice-catalogue-failed', { language: EN.self })).waitFor();
    await f.snap(blocked.page, 'the English catalogue failed to download');

    assert.ok(f.snaps >= 30, `${f.snaps} states seen`);
    f.assertNone('in the notices and error paths');
  });

  test('the check itself finds English: on the English page it flags the labels', { timeout: 60_000 }, async () => {
    const { page } = await suite.open('?experiment=email');
    await waitForGates(page);
    const { words, json } = await page.evaluate(pageWords);
    const data = jsonStrings(json);
    const flagged = words.filter((w) => englishIn(w.text, w.where, data).length > 0).map((w) => w.text);
    for (const name of [EN.labels.role, EN.buttons.nextGate, EN.buttons.copyLink, EN.options.viewer, EN.labels.language]) {
      assert.ok(flagged.includes(name), `${JSON.stringify(name)} is flagged as English`);
    }
    assert.ok(!flagged.includes(EN.self), 'English, the switch naming itself, is allowed');
  });
});

// ---------------------------------------------------------------------------
// 2. Switching language keeps the state; the address, a reload and a link keep the language.

/** Everything a learner has built up, as the page shows it. */
async function state(page) {
  return {
    current: await currentGateIds(page),
    statuses: await gateStatuses(page),
    approved: await page.locator('#approve').getAttribute('data-approved'),
    ledger: await page.locator('#ledger-json').textContent(),
    args: await page.locator('#arguments').inputValue(),
    key: await page.locator('#operation-key').inputValue(),
    role: await page.locator('#role').inputValue(),
    notes: await page.locator('#notes').inputValue(),
    runs: await page.locator('[data-panel="runs"] li').count(),
  };
}

/** Waits until the page is drawn in `N`'s language, and checks its words are that language's. */
async function assertDrawnIn(page, N, why) {
  await page.waitForFunction((tag) => document.documentElement.lang === tag, N.tag, { timeout: 10_000 });
  assert.equal(await button(page, N.buttons.nextGate).count(), 1, `${why}: Next gate is named ${N.buttons.nextGate}`);
  assert.equal(await combobox(page, N.labels.role).count(), 1, `${why}: the Role select is named ${N.labels.role}`);
  assert.equal(await combobox(page, N.labels.language).count(), 1, `${why}: the Language select is named ${N.labels.language}`);
  assert.equal(await page.getByRole('region', { name: N.regions.gates }).count(), 1, `${why}: the gates region`);
  const other = N === ZH ? EN : ZH;
  for (const name of [other.buttons.nextGate, other.buttons.copyLink, other.buttons.restart]) {
    assert.equal(await button(page, name).count(), 0, `${why}: no button named ${name}`);
  }
}

describe('zh-TW: the Language select', () => {
  test('switching mid-run keeps the gate, the approval, the ledger, the arguments and the notes, and back', { timeout: 90_000 }, async () => {
    const { page, pageErrors } = await suite.open('?experiment=email');
    await waitForGates(page);
    // Every panel open: they stay open through the switches.
    await openAllPanels(page);
    // A ledger change first: an approved send as Operator.
    await combobox(page, EN.labels.role).selectOption({ label: EN.options.operator });
    await button(page, EN.buttons.approve).click();
    await nextGates(page);
    assert.equal((await ledgerJson(page)).outbox.length, 1);
    // Then a new key, notes, approval, and two gates stepped.
    await textbox(page, EN.labels.key).fill('intent-2');
    await textbox(page, EN.labels.notes).fill('Notes before the switch: 切換前的筆記。');
    await button(page, EN.buttons.approve).click();
    await nextGates(page, 2);
    const before = await state(page);
    assert.deepEqual(before.current, ['role'], 'gate 3 is under inspection');
    assert.equal(before.approved, 'true');

    await combobox(page, EN.labels.language).selectOption({ label: ZH.self });
    await assertDrawnIn(page, ZH, 'after choosing 繁體中文');
    assert.deepEqual(await state(page), before, 'the gate under inspection, approval, ledger, arguments, key, role, notes and runs are kept');
    assert.equal(await button(page, ZH.buttons.revoke).getAttribute('data-approved'), 'true', 'the toggle reads 撤銷核准, pressed');
    assert.equal(await button(page, ZH.buttons.approve).count(), 0);
    assert.match(await caption(page), ZH.captions.at('role', 'paused'), 'the caption says gate 3 in Chinese');
    assert.equal(new URL(page.url()).searchParams.get('lang'), 'zh-TW', `the address has lang=zh-TW: ${page.url()}`);
    assert.equal(new URL(page.url()).searchParams.get('experiment'), 'email', 'and keeps the experiment');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'language', 'focus stays on the language select');
    assert.equal(await combobox(page, ZH.labels.language).inputValue(), 'zh-TW');
    // The run goes on in Chinese.
    await next(page, 1);
    assert.deepEqual(await currentGateIds(page), ['approval']);

    await combobox(page, ZH.labels.language).selectOption({ label: EN.self });
    await assertDrawnIn(page, EN, 'back to English');
    const back = await state(page);
    assert.deepEqual(back.current, ['approval'], 'gate 4 is still under inspection');
    assert.equal(back.ledger, before.ledger, 'the ledger is unchanged');
    assert.equal(back.notes, before.notes);
    assert.equal(back.args, before.args);
    assert.equal(await button(page, EN.buttons.revoke).getAttribute('data-approved'), 'true', 'still approved');
    assert.match(await caption(page), EN.captions.at('approval', 'paused'));
    assert.equal(new URL(page.url()).searchParams.get('lang'), 'en', `the address has lang=en: ${page.url()}`);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'language');
    assert.deepEqual(pageErrors, []);
  });

  test('a reload keeps zh-TW, and Copy link carries lang=zh-TW', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await suite.open('?experiment=calendar');
    await waitForGates(page);
    await combobox(page, EN.labels.language).selectOption({ label: ZH.self });
    await assertDrawnIn(page, ZH, 'after choosing 繁體中文');
    await page.reload();
    await waitForGates(page);
    await assertDrawnIn(page, ZH, 'after a reload');

    await combobox(page, Z.role).selectOption({ label: O.operator });
    await button(page, B.copyLink).click();
    const link = await textbox(page, Z.shareLink).inputValue();
    assert.equal(new URL(link).searchParams.get('lang'), 'zh-TW', `the link carries lang=zh-TW: ${link}`);
    assert.match(new URL(link).hash, /^#s=1\./, 'and the setup');
    const { page: other } = await suite.open(link.slice(link.indexOf('?')));
    await waitForGates(other);
    await assertDrawnIn(other, ZH, 'the shared link');
    assert.equal(await combobox(other, Z.role).inputValue(), 'operator', 'the shared setup');
    assert.deepEqual(pageErrors, []);
  });

  test("without ?lang= the browser's languages choose; ?lang= wins", { timeout: 60_000 }, async () => {
    for (const [locale, path, N] of [
      ['zh-TW', '', ZH],
      ['zh-HK', '', ZH],
      ['zh-CN', '', EN],
      ['fr-FR', '', EN],
      ['zh-TW', '?lang=en', EN],
      ['en-US', '?lang=zh-TW', ZH],
    ]) {
      const { page } = await suite.open(path, { contextOptions: { locale } });
      await waitForGates(page);
      await assertDrawnIn(page, N, `navigator ${locale}, address ${path || '(none)'}`);
    }
  });
});

// ---------------------------------------------------------------------------
// 3. A catalogue that cannot be downloaded.

/** Opens `path` with every catalogue in `blocked` ('en', 'zh-TW') answering 404. */
async function openBlocked(path, blocked) {
  const opened = await suite.open('about:blank');
  for (const tag of blocked) {
    await opened.page.route(`**/pkg/locales/${tag}/*.json`, (r) => r.fulfill({ status: 404, body: 'not found' }));
  }
  await opened.page.goto(new URL(path, suite.url).href);
  return opened;
}

/** The notice saying the zh-TW words failed: it names 繁體中文 and the failure (HTTP 404). */
async function assertZhFailedNotice(page, why) {
  const notice = page.getByText(EN.catalogue.pattern('notice-catalogue-failed', { language: ZH.self }));
  await notice.waitFor({ timeout: 10_000 });
  const text = await notice.textContent();
  assert.ok(text.includes(ZH.self), `${why}: the notice names 繁體中文: ${text}`);
  assert.match(text, /404/, `${why}: the notice names the failure: ${text}`);
}

describe('zh-TW: a catalogue that cannot be downloaded', () => {
  test('?lang=zh-TW with zh-TW.json answering 404 opens in English and says so', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await openBlocked(ZH.at('?experiment=email'), ['zh-TW']);
    await waitForGates(page);
    await assertDrawnIn(page, EN, 'zh-TW.json missing');
    await assertZhFailedNotice(page, 'on opening');
    assert.deepEqual(pageErrors, []);
  });

  test('choosing 繁體中文 with zh-TW.json answering 404 keeps English and the state, and says so', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await openBlocked('?experiment=email', ['zh-TW']);
    await waitForGates(page);
    await combobox(page, EN.labels.role).selectOption({ label: EN.options.operator });
    await button(page, EN.buttons.approve).click();
    await nextGates(page, 2);
    const before = await state(page);
    await combobox(page, EN.labels.language).selectOption({ label: ZH.self });
    await assertZhFailedNotice(page, 'after choosing 繁體中文');
    await assertDrawnIn(page, EN, 'after the failed switch');
    assert.deepEqual(await state(page), before, 'nothing else changed');
    assert.notEqual(new URL(page.url()).searchParams.get('lang'), 'zh-TW', `the address does not claim zh-TW: ${page.url()}`);
    assert.deepEqual(pageErrors, []);
    assert.equal(await combobox(page, EN.labels.language).inputValue(), 'en', 'the switch shows the language the page is in');
  });

  for (const path of [ZH.at('?experiment=email'), '?experiment=email']) {
    test(`with no catalogue at all (${path}) the page shows index.html's start-failure message`, { timeout: 60_000 }, async () => {
      const { page } = await openBlocked(path, ['en', 'zh-TW']);
      const failed = page.locator('#app > [data-why="files"]');
      await failed.waitFor({ timeout: 15_000 });
      assert.equal(await failed.getAttribute('role'), 'alert');
      assert.match(await failed.textContent(), /^The page's files did not load \(.*en\/email\.json.*\)/, 'it names the file that failed');
      assert.equal(await page.locator('li[data-gate]').count(), 0, 'no workbench');
      assert.equal(await page.locator('#app > .loading').count(), 1, 'the message took the place of Loading');
      assert.ok((await page.locator('#app').innerText()).trim().length > 0, 'never a blank page');
    });
  }
});
