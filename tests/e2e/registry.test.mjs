// Seed 002's exercise on the registry experiment (`?experiment=registry`),
// performed by role and accessible name (SPEC 2.3, 8 Registry, 9):
//
// 1. Read the declarations the model is given: the experiment's own
//    registry (the six fixture tools, then files.delete and files.share)
//    with their risks, nothing else, no implementation; the policy panel
//    names the two refused for every role. A search runs at once; a
//    calendar create waits for approval; `shell.exec` fails at the schema
//    gate before any tool runs; a calendar call without `start` says
//    `Missing start`. Then the agent turn: the registry's seven-call
//    decision stops at six, each dispatched call is inspected through the
//    seven gates, and the final text's claimed email is flagged. Malformed
//    decisions say what is wrong and inspect nothing.
// 2. The six exports (MCP; Gemini with parameters and with
//    parametersJsonSchema; OpenAI Chat Completions and Responses;
//    Anthropic Messages, whose names, like OpenAI's, have no dot): copied
//    (with and without clipboard permission) and downloaded, equal to
//    crates/gateway-core/exports/every-tool/ for the tools the registry
//    experiment's registry holds; an experiment of the six fixture tools
//    downloads crates/gateway-core/exports/, its six tools only.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  GATE_COUNT,
  GATE_IDS,
  ROOT,
  currentGateIds,
  denyPermissions,
  e2eSuite,
  gateStatuses,
  ledgerJson,
  nextGates,
  waitForGates,
  waitForText,
} from './harness.mjs';

const suite = e2eSuite();

/** The six fixture tools, in registry order, with the risks their calls can carry (SPEC 2.2). */
const TOOLS = {
  email: ['send'],
  calendar: ['write'],
  files: ['read', 'write'],
  database: ['read', 'write'],
  search: ['read'],
  calculator: ['read'],
};
const TOOL_NAMES = Object.keys(TOOLS);
/** The registry experiment's registry: the six, then the two refused for every role. */
const REGISTRY_TOOLS = { ...TOOLS, 'files.delete': ['delete'], 'files.share': ['share'] };
const REGISTRY_NAMES = Object.keys(REGISTRY_TOOLS);

/** Texts of the tools' examples and fixtures: implementation, never in a declaration. */
const IMPLEMENTATION_TEXTS = [
  'learner@example.test', // the email examples' recipient
  'Weekly summary', // the email examples' subject
  'All seven gates passed', // the valid email body
  'A comma is missing', // the malformed email example
  'Design review', // the calendar example's title
  'Late review', // the calendar boundary example
  'Revised notes', // the files write example
  'private.txt', // the files boundary example
  'Original notes', // the fixture file content
  'Approval binds to the exact payload', // a search record
  'redacts', // the declaration's list of redacted fields
];

const EXPORTS = [
  { label: 'MCP tools/list', file: 'mcp-tools-list.json', check: checkMcp },
  { label: 'Gemini functionDeclarations (parameters)', file: 'gemini-function-declarations.json', check: checkGemini },
  {
    label: 'Gemini functionDeclarations (parametersJsonSchema)',
    file: 'gemini-function-declarations-json-schema.json',
    check: checkGeminiJsonSchema,
  },
  { label: 'OpenAI Chat Completions tools', file: 'openai-tools.json', check: checkOpenAi },
  { label: 'OpenAI Responses tools', file: 'openai-responses-tools.json', check: checkResponses },
  { label: 'Anthropic Messages tools', file: 'anthropic-tools.json', check: checkAnthropic },
];

/** A tool's name where a provider allows no dot (OpenAI, Anthropic): `files.delete` is `files_delete`. */
const providerName = (name) => name.replaceAll('.', '_');

/** Tools whose OpenAI schema is strict: one form, every field required. */
const STRICT = ['email', 'calendar', 'calculator', 'files.delete', 'files.share'];

/** `text` as a regular expression that matches it literally. */
const literally = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The fixture registry's published export `name`. */
function exportFile(name) {
  return readFile(join(ROOT, 'crates', 'gateway-core', 'exports', name), 'utf8');
}

/**
 * The registry experiment's export `name`, as the page prints it: the
 * entries of exports/every-tool/ (every tool an experiment may declare) for
 * the tools its registry holds, in that order, printed as
 * `JSON.stringify(value, null, 2)` with a final line feed (`published.rs`'s
 * tests hold each experiment's exports to the generator).
 */
async function registryExportFile(name) {
  const every = JSON.parse(await readFile(join(ROOT, 'crates', 'gateway-core', 'exports', 'every-tool', name), 'utf8'));
  const held = (entry) => {
    const written = entry.name ?? entry.function?.name;
    return REGISTRY_NAMES.some((n) => n === written || providerName(n) === written);
  };
  if (Array.isArray(every)) return `${JSON.stringify(every.filter(held), null, 2)}\n`;
  const key = 'tools' in every ? 'tools' : 'functionDeclarations';
  return `${JSON.stringify({ ...every, [key]: every[key].filter(held) }, null, 2)}\n`;
}

// ---------------------------------------------------------------------------
// Reading the page.

function combobox(page, name) {
  return page.getByRole('combobox', { name, exact: true });
}
function textbox(page, name) {
  return page.getByRole('textbox', { name, exact: true });
}
function button(page, name) {
  // End turn stands in the turn panel, and beside the controls a turn holds.
  const where = name === 'End turn' ? page.locator('[data-panel="turn"]') : page;
  return where.getByRole('button', { name, exact: true });
}

/**
 * The disabled controls whose accessible description, as Chromium
 * computes it for a screen reader, is empty: each as "role name".
 */
async function disabledWithoutReason(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const prop = (n, name) => n.properties?.find((p) => p.name === name)?.value.value;
  return nodes
    .filter((n) => !n.ignored && prop(n, 'disabled') === true)
    .filter((n) => ['button', 'combobox', 'textbox', 'checkbox'].includes(n.role?.value))
    .filter((n) => !n.description?.value?.trim())
    .map((n) => `${n.role.value} "${n.name?.value ?? ''}"`);
}

/** `{ gate: status }` of the seven rows. */
async function statusMap(page) {
  const list = await gateStatuses(page);
  assert.equal(list.length, GATE_COUNT, 'seven gate rows');
  return Object.fromEntries(GATE_IDS.map((g, i) => [g, list[i]]));
}

function gateReason(page, gate) {
  return page.locator(`li[data-gate="${gate}"] .gate-reason`).textContent();
}

/** The returned output: null while `#output` is hidden, else its literal text. */
async function output(page) {
  const out = page.locator('#output');
  if (await out.isHidden()) return null;
  return out.textContent();
}

/** Everything in the ledger but its counters. */
function contents(l) {
  const { counters: _ignored, ...rest } = l;
  return rest;
}

/** Inspection stands at gate 1: every row pending, gate 1 current, no output. */
async function assertAtGateOne(page, why) {
  assert.deepEqual(await gateStatuses(page), Array(GATE_COUNT).fill('pending'), `${why}: every gate pending`);
  assert.deepEqual(await currentGateIds(page), ['schema'], `${why}: gate 1 under inspection`);
  assert.equal(await output(page), null, `${why}: no output before the final stage`);
  assert.ok(await button(page, 'Next gate').isEnabled(), `${why}: Next gate enabled`);
}

/** A finished run rejected at `gate`: earlier gates passed or not needed, later ones skipped, no output. */
async function assertRejectedAt(page, gate, why) {
  const s = await statusMap(page);
  const at = GATE_IDS.indexOf(gate);
  GATE_IDS.forEach((g, i) => {
    if (i < at) assert.ok(['passed', 'not-needed'].includes(s[g]), `${why}: ${g} passed or not needed, got ${s[g]}`);
    else if (i === at) assert.equal(s[g], 'rejected', `${why}: ${g} rejected (${JSON.stringify(s)})`);
    else assert.equal(s[g], 'skipped', `${why}: ${g} skipped after the ${gate} gate`);
  });
  assert.equal(await output(page), null, `${why}: no returned output for a rejected call`);
  assert.ok(await button(page, 'Next gate').isDisabled(), `${why}: Next gate disabled after the run`);
}

/** A finished run with no rejection, with `expected` statuses where given, and its output shown. */
async function assertAccepted(page, expected, why) {
  const s = await statusMap(page);
  for (const g of GATE_IDS) {
    assert.ok(['passed', 'not-needed'].includes(s[g]), `${why}: ${g} passed or not needed, got ${s[g]}`);
  }
  for (const [g, v] of Object.entries(expected)) assert.equal(s[g], v, `${why}: ${g}`);
  assert.notEqual(await output(page), null, `${why}: the output is shown`);
  assert.ok(await button(page, 'Next gate').isDisabled(), `${why}: Next gate disabled after the run`);
}

/** Which of the approval toggle's two names the button carries now. */
async function approvalToggle(page) {
  const approve = await button(page, 'Approve exact payload').count();
  const revoke = await button(page, 'Revoke approval').count();
  assert.equal(approve + revoke, 1, 'one approval toggle');
  return approve ? 'approve' : 'revoke';
}

/** `{ id: 'reached' | 'open' }` of the experiment's goals. */
async function goals(page) {
  const list = await page.$$eval('ul.goals > li[data-goal]', (lis) => lis.map((li) => [li.dataset.goal, li.dataset.state]));
  return Object.fromEntries(list);
}

/** The agent turn's call rows: `{ name, state, text }`. */
function turnCalls(page) {
  return page.$$eval('[data-panel="turn"] ol.turn-calls > li', (lis) =>
    lis.map((li) => ({ name: li.querySelector('code')?.textContent ?? '', state: li.dataset.state, text: li.textContent })),
  );
}

/** The agent turn's claims: `{ claim: 'backed' | 'unbacked', sentence, text }`. */
function turnClaims(page) {
  return page.$$eval('[data-panel="turn"] .turn-claims li[data-claim]', (lis) =>
    lis.map((li) => ({ claim: li.dataset.claim, sentence: li.querySelector('q')?.textContent ?? '', text: li.textContent })),
  );
}

/**
 * The Runs log's records, as shown, newest first:
 * `{ seq, value, head, tool, role, hook, key, effect, gates, output, text }`.
 * The head line reads `Run N · … · tool · Role · hook H · key K · effect: E`
 * (SPEC 9 also puts the time and experiment in it); `output` is the
 * record's returned output, or null.
 */
async function runRecords(page) {
  const items = await page.$$eval('[data-panel="runs"] ol.runs > li:not(.empty)', (lis) =>
    lis.map((li) => ({
      value: li.value,
      head: li.querySelector('p:not(.outcomes)')?.textContent ?? '',
      outcomes: li.querySelector('p.outcomes')?.textContent ?? '',
      output: li.querySelector('pre')?.textContent ?? null,
      text: li.textContent,
    })),
  );
  return items.map(({ value, head, outcomes, output, text }) => {
    const parts = head.split(' · ');
    const seq = parts[0].match(/^Run (\d+)$/);
    const roleAt = parts.findIndex((p) => p === 'Viewer' || p === 'Operator');
    const hook = parts.find((p) => p.startsWith('hook '));
    const key = parts.find((p) => p.startsWith('key '));
    const effect = parts.at(-1).match(/^effect: (\w+)$/);
    assert.ok(
      seq && roleAt > 1 && hook && key && effect,
      `a Runs log record reads "Run N · … · tool · role · hook · key · effect": ${head}`,
    );
    const gates = outcomes.match(/^Gates: (.*)$/);
    assert.ok(gates, `a Runs log record lists the seven outcomes: ${text}`);
    return {
      seq: Number(seq[1]),
      value,
      head,
      tool: parts[roleAt - 1],
      role: parts[roleAt],
      hook: hook.slice('hook '.length),
      key: key.slice('key '.length),
      effect: effect[1],
      // Each outcome names its gate, in gate order: `schema passed, before-hook not needed, …`.
      gates: gates[1]
        .trim()
        .split(', ')
        .map((part, i) => {
          assert.ok(part.startsWith(`${GATE_IDS[i]} `), `outcome ${i + 1} names the ${GATE_IDS[i]} gate: ${part}`);
          return part.slice(GATE_IDS[i].length + 1);
        }),
      output,
      text,
    };
  });
}

/** Every gate from `gate` on, as the Runs log lists a rejection there. */
function rejectedAt(gate, before = []) {
  const at = GATE_IDS.indexOf(gate);
  return GATE_IDS.map((g, i) => (i < at ? before[i] ?? 'passed' : i === at ? 'rejected' : 'skipped'));
}

// ---------------------------------------------------------------------------
// 1. The registry experiment.

describe('seed 002 exercise on ?experiment=registry', () => {
  test('declarations, a search, an approved calendar create, shell.exec and Missing start', { timeout: 90_000 }, async () => {
    const { page, pageErrors } = await suite.open('?experiment=registry');
    await waitForGates(page);
    const mcp = JSON.parse(await registryExportFile('mcp-tools-list.json'));

    // The declarations the model sees: exactly the registry's eight tools with their risks.
    const panel = page.locator('[data-panel="declarations"]');
    assert.equal(await panel.count(), 1, 'one declarations panel');
    assert.equal(
      await page.getByRole('group', { name: 'Declarations the model sees' }).count(),
      1,
      'the panel is a disclosure (a group) named by its heading',
    );
    const decls = panel.locator('details.declaration');
    assert.deepEqual(
      await decls.evaluateAll((ds) => ds.map((d) => d.dataset.tool)),
      REGISTRY_NAMES,
      'the panel lists exactly email, calendar, files, database, search, calculator, files.delete, files.share',
    );
    for (const [i, name] of REGISTRY_NAMES.entries()) {
      const d = panel.locator(`details.declaration[data-tool="${name}"]`);
      const summary = (await d.locator('summary').textContent()).trim();
      const m = summary.match(/^(\S+) · risk: (.+)$/);
      assert.ok(m, `${name}: the summary reads "name · risk: …": ${summary}`);
      assert.equal(m[1], name, `${name}: the summary names the tool`);
      assert.deepEqual(m[2].split(', '), REGISTRY_TOOLS[name], `${name}: the risks`);
      const text = await d.textContent();
      assert.ok(text.includes(mcp.tools[i].description), `${name}: the panel shows the published description`);
      const schema = JSON.parse(await d.getByLabel(`${name} argument schema`, { exact: true }).textContent());
      assert.deepEqual(schema, mcp.tools[i].inputSchema, `${name}: the argument schema is the published inputSchema`);
      assert.equal(schema.type, 'object');
      const annotations = JSON.parse(await d.getByLabel(`${name} annotations`, { exact: true }).textContent());
      assert.deepEqual(annotations, mcp.tools[i].annotations, `${name}: the annotations are the published ones`);
    }
    const panelText = await panel.textContent();
    assert.doesNotMatch(panelText, /shell\.exec|\bshell\b/i, 'no shell tool is declared');

    // The policy panel says what this registry refuses, and never that no tool can delete or share.
    const policy = page.locator('[data-panel="policy"]');
    const policyText = await policy.textContent();
    assert.match(
      policyText,
      /files\.delete, files\.share are declared, yet the role gate refuses their calls to delete or share for every role/,
      'the policy panel names the tools refused for every role',
    );
    assert.doesNotMatch(policyText, /No (fixture|registered) tool can delete or share/, 'no sentence false of this registry');
    for (const t of IMPLEMENTATION_TEXTS) {
      assert.ok(!panelText.includes(t), `no implementation detail in the declarations: ${t}`);
    }

    // gmail.search → search: it runs at once, as Viewer, with no approval.
    const tool = combobox(page, 'Tool');
    const role = combobox(page, 'Role');
    const start = await ledgerJson(page);
    assert.equal(await tool.inputValue(), 'search', 'the registry experiment opens on Search');
    assert.equal(await role.inputValue(), 'viewer', 'as Viewer');
    assert.equal(await textbox(page, 'Tool name').inputValue(), 'search');
    await assertAtGateOne(page, 'on load');
    assert.ok(await button(page, 'Approve exact payload').isDisabled(), 'a read offers no approval');
    await nextGates(page);
    await assertAccepted(page, { role: 'passed', approval: 'not-needed', execution: 'passed' }, 'search as Viewer');
    const found = JSON.parse(await output(page));
    assert.ok(Array.isArray(found.results) && found.results.length > 0, 'the search returned results');
    assert.deepEqual(contents(await ledgerJson(page)), contents(start), 'a read changes nothing');

    // calendar.create as Operator: it waits for approval, then passes.
    await tool.selectOption({ label: 'Calendar' });
    await role.selectOption({ label: 'Operator' });
    assert.equal(await tool.inputValue(), 'calendar');
    assert.equal(await role.inputValue(), 'operator');
    const event = JSON.parse(await textbox(page, 'Arguments JSON').inputValue());
    assert.ok(event.start && event.end && event.title, 'the calendar example is a valid event');
    await assertAtGateOne(page, 'calendar as Operator');
    assert.ok(await button(page, 'Approve exact payload').isEnabled(), 'a write can be approved');
    await nextGates(page);
    await assertRejectedAt(page, 'approval', 'calendar create without approval');
    assert.match(await page.locator('#gate-caption').textContent(), /approval/i, 'the caption names the approval gate');
    assert.deepEqual((await ledgerJson(page)).schedule, start.schedule, 'nothing planned without approval');

    await button(page, 'Approve exact payload').click();
    assert.equal(await approvalToggle(page), 'revoke', 'after approving, the toggle reads Revoke approval');
    await assertAtGateOne(page, 'after approving');
    for (let press = 1; press < GATE_COUNT; press += 1) {
      await nextGates(page, 1);
      assert.deepEqual((await ledgerJson(page)).schedule, start.schedule, `press ${press}: the schedule waits for the final gate`);
    }
    await nextGates(page, 1);
    await assertAccepted(page, { approval: 'passed', idempotency: 'passed', execution: 'passed' }, 'approved calendar create');
    let l = await ledgerJson(page);
    assert.equal(l.schedule.length, start.schedule.length + 1, 'one event added');
    const added = l.schedule.find((e) => !start.schedule.some((s) => s.id === e.id));
    assert.ok(added, 'a new event is in the schedule');
    assert.deepEqual(
      { title: added.title, start: added.start, end: added.end },
      { title: event.title, start: event.start, end: event.end },
      'the approved event, as approved',
    );
    assert.equal(l.counters.effects_committed, 1);

    // shell.exec fails at the schema gate before any tool runs.
    const before = l;
    await textbox(page, 'Tool name').fill('shell.exec');
    assert.equal(await tool.inputValue(), '', 'no registered tool is selected');
    assert.ok(await button(page, 'Approve exact payload').isDisabled(), 'nothing to approve for an unknown name');
    await assertAtGateOne(page, 'after typing shell.exec');
    await nextGates(page, 1);
    assert.equal((await statusMap(page)).schema, 'rejected', 'the first gate rejects at once');
    await nextGates(page, GATE_COUNT - 1);
    assert.deepEqual(
      await statusMap(page),
      Object.fromEntries(GATE_IDS.map((g) => [g, g === 'schema' ? 'rejected' : 'skipped'])),
      'schema rejected, the six others skipped',
    );
    await assertRejectedAt(page, 'schema', 'shell.exec');
    const reason = await gateReason(page, 'schema');
    assert.match(reason, /Unknown tool/, `the reason says the tool is unknown: ${reason}`);
    assert.match(reason, /shell\.exec/, 'the reason names shell.exec');
    l = await ledgerJson(page);
    assert.deepEqual(contents(l), contents(before), 'the ledger is unchanged but for its counters');
    assert.deepEqual(
      l.counters,
      {
        ...before.counters,
        runs_finished: before.counters.runs_finished + 1,
        rejections: { ...before.counters.rejections, schema: before.counters.rejections.schema + 1 },
      },
      'only runs finished and schema rejections count up',
    );

    // A calendar call without start: Missing start, nothing planned.
    await tool.selectOption({ label: 'Calendar' });
    assert.equal(await textbox(page, 'Tool name').inputValue(), 'calendar');
    const call = JSON.parse(await textbox(page, 'Arguments JSON').inputValue());
    delete call.start;
    await textbox(page, 'Arguments JSON').fill(JSON.stringify(call, null, 2));
    assert.equal(await role.inputValue(), 'operator');
    await assertAtGateOne(page, 'calendar without start');
    await nextGates(page);
    await assertRejectedAt(page, 'schema', 'calendar without start');
    assert.equal(await gateReason(page, 'schema'), 'Missing start');
    assert.deepEqual((await ledgerJson(page)).schedule, l.schedule, 'nothing planned');

    // Five runs in the log, newest first; the goals this reached.
    const runs = await runRecords(page);
    assert.deepEqual(
      runs.map((r) => [r.seq, r.tool, r.effect]),
      [
        [5, 'calendar', 'rejected'],
        [4, 'shell.exec', 'rejected'],
        [3, 'calendar', 'committed'],
        [2, 'calendar', 'rejected'],
        [1, 'search', 'none'],
      ],
      'the Runs log, newest first',
    );
    const g = await goals(page);
    for (const id of ['unknown-tool', 'missing-start', 'read-runs']) assert.equal(g[id], 'reached', `goal ${id}`);
    for (const id of ['send-waits', 'six-calls', 'unbacked-claim']) assert.equal(g[id], 'open', `goal ${id} not yet`);
    assert.deepEqual(pageErrors, [], 'no uncaught error');
  });

  test('the agent turn: seven calls stop at six, the claimed email is flagged', { timeout: 180_000 }, async () => {
    const { page, pageErrors } = await suite.open('?experiment=registry');
    await waitForGates(page);
    const decisionBox = textbox(page, 'Model decision JSON');
    const decision = JSON.parse(await decisionBox.inputValue());
    const calls = decision.filter((item) => 'name' in item);
    assert.equal(calls.length, 7, 'the registry decision has seven calls');
    const finalText = decision.at(-1).text;
    assert.match(finalText, /sent the summary email/, 'the final text claims the summary email');
    assert.equal(calls[6].name, 'email', 'the seventh call is the email');

    const requestControls = [
      textbox(page, 'Arguments JSON'),
      combobox(page, 'Tool'),
      combobox(page, 'Example'),
      textbox(page, 'Tool name'),
    ];
    for (const c of requestControls) assert.ok(await c.isEnabled(), `${c} enabled before the turn`);
    assert.ok(await button(page, 'End turn').isDisabled(), 'End turn disabled before a turn');
    const turnAlert = page.locator('[data-panel="turn"]').getByRole('alert');
    assert.equal(await turnAlert.isVisible(), false, 'no error shown before the turn');
    const start = await ledgerJson(page);

    // Start turn: the seventh call is refused before anything runs.
    await button(page, 'Start turn').click();
    let rows = await turnCalls(page);
    assert.deepEqual(
      rows.map((r) => r.name),
      calls.map((c) => c.name),
      'one row per call, in order',
    );
    assert.deepEqual(
      rows.map((r) => r.state),
      ['inspecting', 'waiting', 'waiting', 'waiting', 'waiting', 'waiting', 'refused'],
      'call 1 under inspection, the seventh refused before dispatch',
    );
    assert.match(rows[6].text, /refused before dispatch/, 'the seventh call says it was refused before dispatch');
    assert.deepEqual(await runRecords(page), [], 'nothing has run');
    assert.deepEqual(await ledgerJson(page), start, 'the ledger is untouched');
    assert.equal(await turnAlert.isVisible(), false, 'a valid decision shows no error');
    for (const c of requestControls) assert.ok(await c.isDisabled(), `${c} disabled while the turn runs`);
    assert.ok(await button(page, 'End turn').isEnabled(), 'End turn enabled during a turn');
    assert.deepEqual(await disabledWithoutReason(page), [], 'every control the turn disables says why');
    assert.ok(await combobox(page, 'Role').isEnabled(), 'Role stays enabled during a turn');
    assert.deepEqual(await turnClaims(page), [], 'no claim is judged before the turn finishes');
    let g = await goals(page);
    for (const id of ['six-calls', 'unbacked-claim']) assert.equal(g[id], 'open', `goal ${id} open when the turn starts`);

    // Each dispatched call: 7 × Next gate, the calendar create approved as Operator.
    const expected = [
      { state: 'read', effect: 'none', gates: ['passed', 'not needed', 'passed', 'not needed', 'not needed', 'passed', 'not needed'] },
      { state: 'committed', effect: 'committed', approve: true, gates: ['passed', 'not needed', 'passed', 'passed', 'passed', 'passed', 'not needed'] },
      { state: 'rejected', effect: 'rejected', detail: /rejected at the schema gate: Unknown tool "shell\.exec"/, gates: rejectedAt('schema') },
      { state: 'rejected', effect: 'rejected', detail: /rejected at the schema gate: Missing start$/, gates: rejectedAt('schema') },
      { state: 'read', effect: 'none', gates: ['passed', 'not needed', 'passed', 'not needed', 'not needed', 'passed', 'not needed'] },
      { state: 'read', effect: 'none', gates: ['passed', 'not needed', 'passed', 'not needed', 'not needed', 'passed', 'not needed'] },
    ];
    const finals = expected.map((e) => e.state);
    for (const [i, want] of expected.entries()) {
      const why = `call ${i + 1} (${calls[i].name})`;
      // The call before stays on show until the learner moves on.
      if (i > 0) await button(page, 'Next call').click();
      rows = await turnCalls(page);
      assert.deepEqual(
        rows.map((r) => r.state),
        [...finals.slice(0, i), 'inspecting', ...Array(5 - i).fill('waiting'), 'refused'],
        `${why}: the earlier calls finished, this one under inspection`,
      );
      assert.equal(await textbox(page, 'Tool name').inputValue(), calls[i].name, `${why}: the request carries its name`);
      assert.deepEqual(
        JSON.parse(await textbox(page, 'Arguments JSON').inputValue()),
        calls[i].args,
        `${why}: the request carries its arguments`,
      );
      await assertAtGateOne(page, `${why} loaded`);
      const atLoad = await ledgerJson(page);
      if (want.approve) {
        await combobox(page, 'Role').selectOption({ label: 'Operator' });
        assert.equal(await combobox(page, 'Role').inputValue(), 'operator');
        assert.equal((await turnCalls(page))[i].state, 'inspecting', `${why}: choosing Operator keeps the turn`);
        await assertAtGateOne(page, `${why} as Operator`);
        assert.equal(await approvalToggle(page), 'approve');
        await button(page, 'Approve exact payload').click();
        assert.equal(await approvalToggle(page), 'revoke', `${why}: approved`);
      }
      await nextGates(page, GATE_COUNT - 1);
      assert.equal((await turnCalls(page))[i].state, 'inspecting', `${why}: six presses do not finish it`);
      assert.deepEqual(await currentGateIds(page), ['after-hook'], `${why}: the seventh gate is under inspection`);
      assert.deepEqual(contents(await ledgerJson(page)), contents(atLoad), `${why}: no effect before the final gate`);
      g = await goals(page);
      for (const id of ['six-calls', 'unbacked-claim']) assert.equal(g[id], 'open', `${why}: goal ${id} open until the turn ends`);
      await nextGates(page, 1);
      rows = await turnCalls(page);
      assert.equal(rows[i].state, want.state, `${why}: final state ${want.state} (${rows[i].text})`);
      if (want.detail) assert.match(rows[i].text, want.detail, `${why}: the row says why`);
      assert.equal(await textbox(page, 'Tool name').inputValue(), calls[i].name, `${why}: stays on show when finished`);
      if (want.state === 'committed') {
        const entry = page.locator('[data-panel="ledger"] li[data-changed]');
        assert.match(await entry.textContent(), new RegExp(calls[i].args.title), `${why}: its entry is marked`);
        assert.ok(await entry.isVisible(), `${why}: the marked entry is in its store, shown`);
        assert.match(await page.locator('.step-calls > li').nth(i).textContent(), /effect committed: adds event-/);
      }
      const runs = await runRecords(page);
      assert.equal(runs.length, i + 1, `${why}: one more run in the log`);
      assert.equal(runs[0].tool, calls[i].name, `${why}: the newest run is this call`);
      assert.equal(runs[0].effect, want.effect, `${why}: effect ${want.effect}`);
      assert.deepEqual(runs[0].gates, want.gates, `${why}: the seven outcomes`);
    }

    // The turn is finished: states, ledger, claims, Runs log and goals.
    rows = await turnCalls(page);
    assert.deepEqual(
      rows.map((r) => r.state),
      ['read', 'committed', 'rejected', 'rejected', 'read', 'read', 'refused'],
      'each call ends as it should',
    );
    await assertAccepted(page, { approval: 'not-needed', execution: 'passed' }, 'the last dispatched call (calculator)');
    assert.match(await output(page), /\b4\b/, 'the calculator returned 4');
    const l = await ledgerJson(page);
    assert.deepEqual(l.outbox, [], 'the refused email was never sent');
    assert.equal(l.schedule.length, start.schedule.length + 1, 'the approved calendar event alone was added');
    assert.equal(l.schedule.at(-1).title, calls[1].args.title);
    assert.equal(l.counters.effects_committed, 1, 'one committed effect');

    const claims = await turnClaims(page);
    const email = claims.filter((c) => /sent the summary email/.test(c.sentence));
    assert.equal(email.length, 1, `one claim of the summary email: ${JSON.stringify(claims)}`);
    assert.equal(email[0].claim, 'unbacked', 'the claimed email has nothing behind it');
    assert.match(email[0].text, /flagged/i, 'the claim is flagged in words');
    // A backed claim appears only for a tool that committed or replayed in this turn.
    for (const c of claims.filter((x) => x.claim === 'backed')) {
      assert.match(c.text, /backed by an effect or receipt of calendar/, `only calendar committed, so only it can back a claim: ${c.text}`);
    }
    const completed = await page.locator('[data-panel="turn"] .turn-claims > p').textContent();
    assert.match(completed, /Completed operations: Call 2 \(calendar\)/, `the completed operations: ${completed}`);
    assert.doesNotMatch(completed, /email/, 'the email is not a completed operation');
    const summary = await page.locator('[data-panel="turn"] [role="status"]').textContent();
    assert.match(summary, /6 calls inspected/, summary);
    assert.match(summary, /1 refused before dispatch/, summary);

    const runs = await runRecords(page);
    assert.deepEqual(
      runs.map((r) => [r.seq, r.tool]),
      [6, 5, 4, 3, 2, 1].map((n) => [n, calls[n - 1].name]),
      'the Runs log holds the six dispatched calls, newest first',
    );
    assert.deepEqual(
      runs.map((r) => r.value),
      [6, 5, 4, 3, 2, 1],
      'the reversed list numbers the newest run 6',
    );
    assert.ok(!runs.some((r) => r.tool === 'email'), 'the refused email never ran');
    for (const r of runs) {
      assert.match(r.head, /\bregistry\b/, `run ${r.seq}: the record names the experiment: ${r.head}`);
      assert.match(r.head, /\d\s*(ms|s|min)\b|\d{1,2}:\d{2}/, `run ${r.seq}: the record gives its time: ${r.head}`);
      assert.equal(r.key, 'intent-1', `run ${r.seq}: the record gives the operation key`);
      assert.equal(r.hook, 'None', `run ${r.seq}: the record gives the hook`);
    }
    assert.deepEqual(
      runs.map((r) => r.role),
      ['Operator', 'Operator', 'Operator', 'Operator', 'Operator', 'Viewer'],
      'each record gives the role it ran under (Operator from the calendar create on)',
    );
    assert.deepEqual(
      runs.map((r) => r.output !== null),
      [true, true, false, false, true, true],
      'the records of finished reads and effects keep their returned output; rejections have none',
    );
    assert.match(runs[0].output, /\b4\b/, 'the calculator record keeps its output');
    assert.match(runs[4].output, /"event-1"|Design review/, 'the calendar record keeps its output');

    g = await goals(page);
    assert.equal(g['six-calls'], 'reached', 'goal six-calls');
    assert.equal(g['unbacked-claim'], 'reached', 'goal unbacked-claim');
    assert.equal(g['send-waits'], 'open', 'no email ran, so no send waited');

    // The turn is finished: every disabled control says why to a screen
    // reader, and End turn stands beside the reason, above the controls.
    assert.ok(await button(page, 'Next gate').isDisabled(), 'nothing left to inspect');
    assert.deepEqual(await disabledWithoutReason(page), [], 'every disabled control says why after the turn');
    // The check finds a disabled control that says nothing.
    const said = await page.locator('#tool').getAttribute('aria-describedby');
    await page.locator('#tool').evaluate((e) => e.removeAttribute('aria-describedby'));
    assert.deepEqual(await disabledWithoutReason(page), ['combobox "Tool"'], 'a silent control is found');
    await page.locator('#tool').evaluate((e, ids) => e.setAttribute('aria-describedby', ids), said);
    const held = page.locator('[data-panel="build"] .held');
    assert.match(await held.locator('p').textContent(), /The turn is finished/);
    const endHere = held.getByRole('button', { name: 'End turn', exact: true });
    assert.ok(await endHere.isEnabled(), 'End turn beside the reason is enabled');
    const [endBox, toolBox] = [await endHere.boundingBox(), await combobox(page, 'Tool').boundingBox()];
    assert.ok(endBox.y < toolBox.y, 'End turn stands above the Tool select it gives back');
    // By keyboard: from the disabled controls' panel, End turn is the next stop.
    await held.locator('p').click();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'End turn', 'Tab reaches End turn');

    // End turn (beside the reason): the request controls take input again.
    await page.keyboard.press('Enter');
    for (const c of requestControls) assert.ok(await c.isEnabled(), `${c} enabled after End turn`);
    assert.deepEqual(await turnCalls(page), [], 'the turn rows are gone');
    assert.deepEqual(pageErrors, [], 'no uncaught error');
  });

  test('a claim is backed by a committed effect or a replayed receipt of its tool', { timeout: 90_000 }, async () => {
    const { page, pageErrors } = await suite.open('?experiment=registry');
    await waitForGates(page);
    const decision = [
      { name: 'calendar', args: { title: 'Design review', start: '14:00', end: '15:00' } },
      { text: 'I scheduled the design review and sent the summary email.' },
    ];
    await textbox(page, 'Model decision JSON').fill(JSON.stringify(decision, null, 2));
    await combobox(page, 'Role').selectOption({ label: 'Operator' });

    for (const [round, state] of [
      [1, 'committed'],
      [2, 'replayed'],
    ]) {
      await button(page, 'Start turn').click();
      assert.deepEqual((await turnCalls(page)).map((r) => r.state), ['inspecting'], `round ${round}: one call`);
      await button(page, 'Approve exact payload').click();
      await nextGates(page);
      assert.deepEqual((await turnCalls(page)).map((r) => r.state), [state], `round ${round}: the call ${state}`);
      const claims = await turnClaims(page);
      assert.deepEqual(
        claims.map((c) => [c.text.split(' — ').at(-1).match(/\b(calendar|email)\b/)?.[1], c.claim]),
        [
          ['calendar', 'backed'],
          ['email', 'unbacked'],
        ],
        `round ${round}: the scheduling claim is backed, the email claim flagged: ${JSON.stringify(claims)}`,
      );
      assert.match(claims[1].text, /flagged/i);
      assert.doesNotMatch(claims[0].text, /flagged/i, 'a backed claim is not flagged');
    }
    assert.equal((await ledgerJson(page)).counters.receipts_reused, 1, 'the second round replayed the receipt');
    assert.deepEqual(pageErrors, [], 'no uncaught error');
  });

  test('a malformed decision says what is wrong and inspects nothing', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await suite.open('?experiment=registry');
    await waitForGates(page);
    const alert = page.locator('[data-panel="turn"]').getByRole('alert');
    const requestBefore = {
      tool: await textbox(page, 'Tool name').inputValue(),
      args: await textbox(page, 'Arguments JSON').inputValue(),
    };
    const start = await ledgerJson(page);
    for (const [text, message] of [
      // Each refusal names the form it read the text as, then the fault.
      ['[{"name":"search"}]', /^Read as workbench calls: Item 1: Missing args$/],
      ['[', /^Model decision JSON: Malformed JSON at line 1, column \d+/],
      ['{"name":"search","args":{}}', /^Read as MCP .*: Decision: Unknown field "args"$/],
    ]) {
      await textbox(page, 'Model decision JSON').fill(text);
      await button(page, 'Start turn').click();
      assert.ok(await alert.isVisible(), `${text}: an alert is shown`);
      const said = (await alert.textContent()).trim();
      assert.match(said, message, `${text}: the alert says ${message}: ${said}`);
      assert.deepEqual(await turnCalls(page), [], `${text}: no call is listed`);
      assert.ok(await button(page, 'End turn').isDisabled(), `${text}: no turn is running`);
      assert.equal(await textbox(page, 'Tool name').inputValue(), requestBefore.tool, `${text}: the request is unchanged`);
      assert.equal(await textbox(page, 'Arguments JSON').inputValue(), requestBefore.args, `${text}: the arguments are unchanged`);
      assert.ok(await textbox(page, 'Arguments JSON').isEnabled(), `${text}: the request stays editable`);
      await assertAtGateOne(page, `${text}: nothing inspected`);
    }
    assert.deepEqual(await runRecords(page), [], 'nothing ran');
    assert.deepEqual(await ledgerJson(page), start, 'the ledger is untouched');

    // Fixing the decision clears the message.
    await textbox(page, 'Model decision JSON').fill('[{"name":"search","args":{"query":"receipt"}}]');
    assert.equal(await alert.isVisible(), false, 'editing the decision clears the message');
    await button(page, 'Start turn').click();
    assert.equal(await alert.isVisible(), false, 'a valid decision shows no error');
    assert.deepEqual((await turnCalls(page)).map((r) => r.state), ['inspecting']);
    assert.deepEqual(pageErrors, [], 'no uncaught error');
  });
});

// ---------------------------------------------------------------------------
// 2. The exports.

function checkMcp(json, tools = REGISTRY_TOOLS) {
  const names = Object.keys(tools);
  assert.deepEqual(Object.keys(json), ['resultType', 'ttlMs', 'cacheScope', 'tools'], 'MCP: a tools/list result (2026-07-28)');
  assert.equal(json.resultType, 'complete');
  assert.equal(json.cacheScope, 'public');
  assert.ok(Number.isInteger(json.ttlMs) && json.ttlMs > 0, 'MCP: ttlMs');
  assert.deepEqual(json.tools.map((t) => t.name), names, 'MCP: the tools of the registry');
  for (const t of json.tools) {
    assert.equal(typeof t.description, 'string', `MCP ${t.name}: description`);
    assert.ok(t.description.length > 0);
    assert.equal(t.inputSchema?.type, 'object', `MCP ${t.name}: inputSchema of type object`);
    for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']) {
      assert.equal(typeof t.annotations?.[hint], 'boolean', `MCP ${t.name}: annotations.${hint} is a boolean`);
    }
    assert.equal(t.annotations.openWorldHint, false, `MCP ${t.name}: a closed world (nothing real is touched)`);
    assert.equal(t.annotations.readOnlyHint, tools[t.name].every((r) => r === 'read'), `MCP ${t.name}: readOnlyHint from the risk`);
    assert.equal(t.title, t.annotations.title, `MCP ${t.name}: a top-level title`);
    assert.deepEqual(t._meta, { 'test.example.workbench/risks': tools[t.name] }, `MCP ${t.name}: the risks in _meta`);
  }
  const byName = Object.fromEntries(json.tools.map((t) => [t.name, t.annotations]));
  assert.equal(byName.search.readOnlyHint, true, 'search is read-only');
  assert.equal(byName.calculator.readOnlyHint, true, 'calculator is read-only');
  assert.equal(byName.email.readOnlyHint, false, 'email is not read-only');
  assert.equal(byName.calendar.destructiveHint, false, 'calendar only adds events');
  assert.equal(byName.files.destructiveHint, true, 'a file write replaces the content');
}

function checkGeminiJsonSchema(json, tools = REGISTRY_TOOLS) {
  assert.deepEqual(Object.keys(json), ['functionDeclarations'], 'Gemini: functionDeclarations');
  assert.deepEqual(json.functionDeclarations.map((f) => f.name), Object.keys(tools));
  for (const f of json.functionDeclarations) {
    assert.deepEqual(Object.keys(f), ['name', 'description', 'parametersJsonSchema'], `Gemini ${f.name}: no parameters beside parametersJsonSchema`);
    assert.equal(f.parametersJsonSchema?.type, 'object');
  }
}

function checkResponses(json, tools = REGISTRY_TOOLS) {
  assert.ok(Array.isArray(json), 'Responses: a list of tools');
  assert.deepEqual(json.map((t) => t.name), Object.keys(tools).map(providerName));
  for (const t of json) {
    assert.deepEqual(Object.keys(t), ['type', 'name', 'description', 'parameters', 'strict'], `Responses ${t.name}: a function tool`);
    assert.equal(t.type, 'function');
    assert.equal(t.strict, STRICT.map(providerName).includes(t.name), `Responses ${t.name}: strict`);
  }
}

function checkAnthropic(json, tools = REGISTRY_TOOLS) {
  assert.ok(Array.isArray(json), 'Anthropic: a list of tools');
  assert.deepEqual(json.map((t) => t.name), Object.keys(tools).map(providerName));
  for (const t of json) {
    assert.match(t.name, /^[a-zA-Z0-9_-]{1,64}$/, `Anthropic ${t.name}: a name Anthropic allows`);
    assert.deepEqual(Object.keys(t), ['name', 'description', 'input_schema'], `Anthropic ${t.name}: name, description, input_schema`);
    assert.equal(t.input_schema.type, 'object', `Anthropic ${t.name}: an object schema`);
  }
}

function checkGemini(json, tools = REGISTRY_TOOLS) {
  assert.deepEqual(Object.keys(json), ['functionDeclarations'], 'Gemini: functionDeclarations');
  assert.deepEqual(json.functionDeclarations.map((f) => f.name), Object.keys(tools));
  for (const f of json.functionDeclarations) {
    assert.deepEqual(Object.keys(f).sort(), ['description', 'name', 'parameters'], `Gemini ${f.name}: name, description, parameters`);
    assert.equal(typeof f.description, 'string');
    assert.equal(typeof f.parameters, 'object');
  }
}

function checkOpenAi(json, tools = REGISTRY_TOOLS) {
  assert.ok(Array.isArray(json), 'OpenAI: a list of tools');
  assert.deepEqual(json.map((t) => t.function?.name), Object.keys(tools).map(providerName));
  for (const t of json) {
    assert.equal(t.type, 'function', `OpenAI ${t.function.name}: type function`);
    assert.equal(typeof t.function.description, 'string');
    assert.equal(t.function.parameters?.type, 'object', `OpenAI ${t.function.name}: parameters of type object`);
    assert.equal(t.function.strict, STRICT.map(providerName).includes(t.function.name), `OpenAI ${t.function.name}: strict`);
  }
}

/** The status line of the declarations panel. */
function exportStatus(page) {
  return page.locator('[data-panel="declarations"]').getByRole('status');
}

/** Clicks `Download …` and returns the download's file name and text. */
async function download(page, label) {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }), button(page, `Download ${label}`).click()]);
  assert.equal(await d.failure(), null, `Download ${label}: the download completed`);
  return { name: d.suggestedFilename(), text: await readFile(await d.path(), 'utf8') };
}

describe('copying and downloading the exports', () => {
  test('Copy and Download give the six exports of the registry experiment\'s own registry', { timeout: 90_000 }, async () => {
    const { page, pageErrors } = await suite.open('?experiment=registry', {
      contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] },
    });
    await waitForGates(page);
    const mcp = JSON.parse(await registryExportFile('mcp-tools-list.json'));
    for (const { label, file, check } of EXPORTS) {
      const published = await registryExportFile(file);
      // Something else on the clipboard first, so a copy that does nothing fails.
      await page.evaluate(() => navigator.clipboard.writeText('not yet copied'));
      await button(page, `Copy ${label}`).click();
      const said = await waitForText(exportStatus(page), new RegExp(`${literally(label)}.*copied`, 'i'));
      assert.match(said, /copied to the clipboard/i, `Copy ${label}: the status says so`);
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(copied, published, `Copy ${label}: the clipboard holds exports/every-tool/${file}, the registry's tools`);
      check(JSON.parse(copied));

      const got = await download(page, label);
      assert.equal(got.name, file, `Download ${label}: the file name`);
      assert.equal(got.text, published, `Download ${label}: the content is exports/every-tool/${file}, the registry's tools`);
      const status = await exportStatus(page).textContent();
      assert.match(status, new RegExp(`downloaded as ${file.replace('.', '\\.')}`), `Download ${label}: the status says so: ${status}`);
    }
    // The six exports describe the same tools with the same descriptions.
    const gemini = JSON.parse(await registryExportFile('gemini-function-declarations.json'));
    const geminiJson = JSON.parse(await registryExportFile('gemini-function-declarations-json-schema.json'));
    const openai = JSON.parse(await registryExportFile('openai-tools.json'));
    const responses = JSON.parse(await registryExportFile('openai-responses-tools.json'));
    const anthropic = JSON.parse(await registryExportFile('anthropic-tools.json'));
    for (const [i, t] of mcp.tools.entries()) {
      assert.equal(anthropic[i].description, t.description, `${t.name}: Anthropic description`);
      assert.deepEqual(anthropic[i].input_schema, t.inputSchema, `${t.name}: Anthropic's input_schema is MCP's`);
      assert.equal(gemini.functionDeclarations[i].description, t.description, `${t.name}: Gemini description`);
      assert.equal(geminiJson.functionDeclarations[i].description, t.description, `${t.name}: Gemini description`);
      assert.deepEqual(geminiJson.functionDeclarations[i].parametersJsonSchema, t.inputSchema, `${t.name}: Gemini's JSON Schema is MCP's`);
      assert.equal(openai[i].function.description, t.description, `${t.name}: OpenAI description`);
      if (!STRICT.includes(t.name)) {
        assert.deepEqual(openai[i].function.parameters, t.inputSchema, `${t.name}: OpenAI parameters are the JSON Schema`);
      }
      const { function: f, ...rest } = openai[i];
      assert.deepEqual(responses[i], { ...rest, ...f }, `${t.name}: the Responses tool is the Chat Completions function one level up`);
    }
    assert.deepEqual(pageErrors, [], 'no uncaught error');
  });

  test('an experiment of the six fixture tools shows and downloads those six only, and its policy says none can delete or share', { timeout: 90_000 }, async () => {
    const { page, pageErrors } = await suite.open('?experiment=email');
    await waitForGates(page);
    const panel = page.locator('[data-panel="declarations"]');
    await panel.locator('> summary').click();
    await page.locator('details.declaration').first().waitFor();
    assert.deepEqual(
      await panel.locator('details.declaration').evaluateAll((ds) => ds.map((d) => d.dataset.tool)),
      TOOL_NAMES,
      'the panel lists the six fixture tools',
    );
    for (const { label, file, check } of EXPORTS) {
      const got = await download(page, label);
      assert.equal(got.text, await exportFile(file), `Download ${label}: the content is exports/${file}`);
      check(JSON.parse(got.text), TOOLS);
    }
    const policy = page.locator('[data-panel="policy"]');
    assert.match(await policy.textContent(), /No registered tool can delete or share/, 'the policy panel says none can');
    assert.deepEqual(pageErrors, [], 'no uncaught error');
  });

  test('without clipboard permission Copy says to use Download, and nothing breaks', { timeout: 90_000 }, async () => {
    const { page, pageErrors } = await suite.open('?experiment=registry');
    await waitForGates(page);
    const denial = await denyPermissions(
      suite.browser,
      page,
      [
        { name: 'clipboard-write', allowWithoutSanitization: false },
        { name: 'clipboard-write', allowWithoutSanitization: true },
        { name: 'clipboard-read' },
      ],
      new URL(suite.url).origin,
    );
    assert.equal(
      await page.evaluate(() => navigator.permissions.query({ name: 'clipboard-write' }).then((s) => s.state)),
      'denied',
      'precondition: the clipboard is denied',
    );
    for (const { label, file } of EXPORTS) {
      await button(page, `Copy ${label}`).click();
      const said = await waitForText(exportStatus(page), new RegExp(`Download ${literally(label)}`));
      assert.doesNotMatch(said, /copied to the clipboard/i, `Copy ${label}: no claim of success: ${said}`);
      assert.match(said, /refused|blocked|not allowed|could not|denied/i, `Copy ${label}: the status says the copy failed: ${said}`);
      // Download still works.
      const got = await download(page, label);
      assert.equal(got.name, file);
      assert.equal(got.text, await registryExportFile(file));
    }
    // The workbench still works.
    await nextGates(page);
    await assertAccepted(page, { approval: 'not-needed' }, 'a search after the refused copies');
    assert.deepEqual(pageErrors, [], 'no uncaught error');
    await denial.detach();
  });

  test(
    'with no clipboard API (a plain-http host) Copy says to use Download, and nothing breaks',
    {
      timeout: 90_000,
    },
    async () => {
      // A static host on plain http: the page's own files, at an origin that is not a secure context.
      const origin = 'http://workbench.test';
      const context = await suite.browser.newContext();
      try {
        await context.route(`${origin}/**`, async (route) => {
          const url = new URL(route.request().url());
          const response = await route.fetch({ url: new URL(url.pathname + url.search, suite.url).href });
          await route.fulfill({ response });
        });
        const page = await context.newPage();
        const pageErrors = [];
        page.on('pageerror', (e) => pageErrors.push(String(e)));
        await page.goto(`${origin}/?experiment=registry`);
        await waitForGates(page);
        assert.deepEqual(
          await page.evaluate(() => [window.isSecureContext, typeof navigator.clipboard]),
          [false, 'undefined'],
          'precondition: no clipboard API here',
        );
        for (const { label, file } of EXPORTS) {
          await button(page, `Copy ${label}`).click();
          const said = await waitForText(exportStatus(page), new RegExp(`Download ${literally(label)}`), {
            timeout: 2_000,
          }).catch((e) => assert.fail(`Copy ${label}: no message naming Download (${e.message}); page errors: ${pageErrors}`));
          assert.doesNotMatch(said, /copied to the clipboard/i);
          const got = await download(page, label);
          assert.equal(got.name, file);
        }
        await nextGates(page);
        await assertAccepted(page, { approval: 'not-needed' }, 'a search after the copies');
        assert.deepEqual(pageErrors, [], 'no uncaught error');
      } finally {
        await context.close();
      }
    },
  );
});
