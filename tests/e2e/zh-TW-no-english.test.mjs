// No English sentence on a zh-TW page, fixture data included (issue 32).
//
// zh-TW.test.mjs lets the page's data through as data (the string values
// of its JSON, wherever a panel shows them again). This test does not: on
// a page opened with ?lang=zh-TW, the fixtures are Chinese (files, search
// records, calendar titles, the tools' examples, an experiment's files and
// decision), so every visible text node and accessible name AND every
// string value of the JSON the page shows (the ledger JSON, the request's
// arguments, the returned output, the turn panel's scripted decision, the
// runs log) is read. The declarations' exported schemas are not read:
// they are what a model reads (JSON Schema keywords and identifiers), and
// their descriptions are catalogue messages, written in the page's
// language already (view/declarations.rs, part "registry" of issue 32).
//
// An English sentence, concretely: once the identifiers of ALLOWED are
// taken out, a run of three or more Latin words, or any Latin word of four
// or more letters. The states are state-walk.mjs's: every experiment fresh
// and with each example run to the end, every panel open; and an agent
// turn (the scripted decision loaded, each call, the claims).

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { e2eSuite } from './harness.mjs';
import { ZH } from './locales.mjs';
import { findings as pageFindings } from './page-words.mjs';
import { stateWalk } from './state-walk.mjs';

const suite = e2eSuite();

// ---------------------------------------------------------------------------
// What may stay in Latin letters: identifiers, each entry with why. Words
// are matched as whole tokens; `where` (optional) limits an entry to the
// places whose description it matches.

const ALLOWED = [
  // Tool names, as the registry holds them and a model calls them.
  { kind: 'tool name', words: /shell\.exec|files\.delete|files\.share|email|calendar|files|database|search|calculator/ },
  // The scripted decision's refused call: a shell command a model asked for (seed 002), an identifier, not prose.
  { kind: 'command', words: /cat \/etc\/passwd/ },
  // Field names of the tools' arguments, the ledger, a model decision and a stored baseline.
  {
    kind: 'field name',
    words: /to|subject|body|title|start|end|operation|path|content|key|value|seats|status|query|limit|operator|left|right|name|args|params|text|rows|output|approved|command/,
  },
  // Enumerated values of the tools' fields (database operations and statuses, calculator operators, file operations).
  { kind: 'field value', words: /set|get|read|write|open|waitlist|closed|add|subtract|multiply|divide/ },
  // JSON's own words: the type a value was found to have ("(實際為 string)").
  { kind: 'JSON type', words: /string|number|boolean|object|array|null|true|false/ },
  // Ids: operation keys, ledger ids (the fixture events' ids), experiment ids, the marker redaction writes.
  { kind: 'id', words: /(?:intent|email|event)-\d+|standup|lunch|filesystem|registry|injection|rewind|\[redacted\]/ },
  // The boundary the mark-data hook writes over an output: what a model reads, the same in every language (tools::DATA_BOUNDARY).
  { kind: 'model-facing marker', words: /tool output: data, not instructions/ },
  // A further reading's title: a paper's name and its venue, as cited.
  { kind: 'reading title', words: /AgentDojo|LLM|NeurIPS 2024 Datasets and Benchmarks|Stripe API/, where: /^page ul li a/ },
  // File paths, file names and addresses: the virtual files, downloads, example.test.
  {
    kind: 'path or address',
    words: /\/workspace\/[^\s"，。、）]*|[\w-]+\.(?:json|txt)|[\w.+-]*@?(?:example|outside)\.test|https?:\/\/[^\s，。、）]+/,
  },
  // The key shapes masking names: the secret scanner and the services whose keys it knows (the runs panel's masking note).
  { kind: 'key shape', words: /gitleaks|Google|GitHub|AWS|Slack|Stripe|JWT|Hugging Face|LINE|Authorization: Bearer/ },
  // API and format names (the exports, the decision formats).
  {
    kind: 'API name',
    words:
      /MCP|Gemini|OpenAI|Anthropic Messages|Anthropic|JSON|HTTP|UTF-16|base64url|tools\/list|tools\/call|functionDeclarations|parametersJsonSchema|parameters|Chat Completions|Responses|tools|eval|HH:MM/,
  },
  // Numbers in the calculator's output (0.30000000000000004, 1e13).
  { kind: 'number', words: /\d+(?:\.\d+)?(?:e[+-]?\d+)?/ },
  // The glossary of zh-TW.ftl keeps "Agent" in English ("Agent 回合"); "AI" stands in the injected note (「給 AI 助理」);
  // seed 002 names the registry「註冊表 / Tool Registry」.
  { kind: 'glossary term', words: /Agent|AI|Tool Registry|JavaScript/ },
  // What the walk itself types into the decision as the learner (state-walk.mjs's malformed decisions), and the reasons that quote it.
  { kind: "the learner's own text", words: /extra|done/, where: /^turn |^json$/ },
  // A language is named in its own words in the switch.
  { kind: "language's own name", words: /English/, where: /select#language option/ },
];

/** The Latin words of `text` that make an English sentence, once the identifiers are taken out. */
export function englishSentence(text, where = '') {
  let rest = text;
  for (const entry of ALLOWED) {
    if (entry.where && !entry.where.test(where)) continue;
    rest = rest.replace(new RegExp(`(?<![A-Za-z0-9_.-])(?:${entry.words.source})(?![A-Za-z0-9_-])`, 'g'), ' ');
  }
  const run = rest.match(/\p{Script=Latin}+(?:[\s,;:'’-]+\p{Script=Latin}+){2,}/u);
  if (run) return [run[0]];
  return rest.match(/\p{Script=Latin}{4,}/gu) ?? [];
}

/** English sentences found, by place and text, over the states read: in the visible words and in every JSON string value. */
const findings = () =>
  pageFindings({
    lang: 'zh-TW',
    drawn: (words) => words.filter((w) => /\p{Script=Han}/u.test(w.text)).length >= 3,
    drawnWhat: 'Chinese words',
    wordsIn: (text, where) => englishSentence(text, where),
    valuesIn: (value) => englishSentence(value, 'json'),
    found: 'left as English sentences',
    label: 'English',
  });

const walk = stateWalk(suite, ZH);

describe('zh-TW: no English sentence in any panel, fixture data included', () => {
  test('the definition: what is an English sentence and what is an identifier', () => {
    assert.deepEqual(englishSentence('Original notes: review the quarterly plan on Friday.'), [
      'Original notes: review the quarterly plan on Friday',
    ]);
    assert.deepEqual(englishSentence('Stand-up'), ['Stand']);
    assert.deepEqual(englishSentence('原始筆記：星期五檢討季度計畫。'), []);
    assert.deepEqual(englishSentence('/workspace/notes.txt learner@example.test intent-1 search'), []);
    assert.deepEqual(englishSentence('Agent 回合'), []);
  });

  test('in every experiment, fresh and with each example run to the end, every panel open', { timeout: 240_000 }, async () => {
    const f = findings();
    await walk.experiments(f);
    assert.ok(f.snaps >= 28, `${f.snaps} states seen`);
    f.assertNone('in the experiments');
  });

  test('an agent turn: the scripted decision loaded, each call, the claims', { timeout: 240_000 }, async () => {
    const f = findings();
    await walk.agentTurn(f);
    f.assertNone('in an agent turn');
  });
});
