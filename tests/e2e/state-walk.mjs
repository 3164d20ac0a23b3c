// The states the language tests read the page in: one walk, shared by
// zh-TW.test.mjs (no English is left) and pseudo-locale.test.mjs (no word
// is made outside the catalogue), so that the two read the page in the
// same states. Each state is reached by the page's accessible names in the
// language under test and handed to the test's own check, `f.snap(page,
// state)` (page-words.mjs's `findings`); the walk asserts on its way that
// it reached the state it names (a run finished, rejected at the gate it
// meant, an effect committed, an alert shown).
//
//   const walk = stateWalk(suite, ZH);
//   const f = findings({ … });
//   await walk.experiments(f);
//   f.assertNone('in the experiments');
//
// Every part opens its own page(s), every panel open, and asserts the page
// threw nothing. A state only one language can be read in (the single file
// from file://, which has no test locale; a catalogue that failed, shown
// in English) is its test's own.

import assert from 'node:assert/strict';
import { EXPERIMENTS, GATE_COUNT, GATE_IDS, gateStatuses, ledgerJson, nextGates, openAllPanels, waitForGates } from './harness.mjs';

/** The button, combobox or textbox named exactly `name` (in the page's language). */
export const button = (page, name) => page.getByRole('button', { name, exact: true });
export const combobox = (page, name) => page.getByRole('combobox', { name, exact: true });
export const textbox = (page, name) => page.getByRole('textbox', { name, exact: true });
/** The gates' caption. */
export const caption = (page) => page.locator('#gate-caption').textContent();

/**
 * The walk through the page's states in language `N` (a names table of
 * locales.mjs: its tag, labels, buttons, options and captions) on `suite`
 * (harness.mjs's e2eSuite, serving a page that has `N`).
 */
export function stateWalk(suite, N) {
  const L = N.labels;
  const B = N.buttons;
  const O = N.options;
  const next = (page, n = GATE_COUNT) => nextGates(page, n, B.nextGate);

  /** Opens `path` in `N` (the `lang` parameter added), waits for the gates and opens every panel. */
  async function open(path, options) {
    const opened = await suite.open(N.at(path), options);
    await waitForGates(opened.page);
    await openAllPanels(opened.page);
    return opened;
  }
  /** Goes to `path` in `N` in the same page, as `open` does. */
  async function go(page, path) {
    await page.goto(new URL(N.at(path), suite.url).href);
    await waitForGates(page);
    await openAllPanels(page);
  }
  /** Asserts the finished run was rejected at `gate`, as the rows and the caption say. */
  async function assertRejectedAt(page, gate, why) {
    const statuses = await gateStatuses(page);
    assert.equal(statuses[GATE_IDS.indexOf(gate)], 'rejected', `${why}: rejected at ${gate} (${statuses})`);
    assert.match(await caption(page), N.captions.rejectedAt(gate), `${why}: the caption names the ${gate} gate`);
  }

  return {
    next,
    open,
    go,

    /** A fresh page, and every experiment fresh and with each example run to the end. */
    async experiments(f) {
      const { page, pageErrors } = await open('');
      await f.snap(page, 'fresh page');
      for (const id of EXPERIMENTS) {
        await go(page, `?experiment=${id}`);
        await f.snap(page, `${id}: fresh`);
        for (const example of [O.valid, O.malformed, O.boundary]) {
          await combobox(page, L.example).selectOption({ label: example });
          await next(page);
          assert.match(await caption(page), N.captions.finished, `${id} / ${example}: the run finished`);
          await f.snap(page, `${id}: ${example} run to the end`);
        }
      }
      assert.deepEqual(pageErrors, []);
    },

    /** Mid-run, playing, paused and finished: committed, replayed, redacted, preview and baseline. */
    async midRun(f) {
      const { page, pageErrors } = await open('?experiment=email');
      await button(page, B.playRun).click();
      await next(page, 1);
      await button(page, B.playRun).click();
      assert.match(await caption(page), N.captions.at('before-hook', 'playing'));
      await f.snap(page, 'playing at gate 2');
      await button(page, B.pause).click();
      await next(page, 2);
      assert.match(await caption(page), N.captions.at('approval', 'paused'));
      await f.snap(page, 'paused at gate 4');
      await f.snap(page, 'paused, preview open');

      await combobox(page, L.role).selectOption({ label: O.operator });
      await button(page, B.approve).click();
      await f.snap(page, 'approved, at gate 1');
      await next(page);
      assert.equal((await ledgerJson(page)).outbox.length, 1, 'the approved send committed');
      await button(page, B.captureBaseline).click();
      await f.snap(page, 'effect committed, preview open, baseline captured');
      await button(page, B.restart).click();
      await next(page);
      assert.equal((await ledgerJson(page)).counters.receipts_reused, 1);
      await f.snap(page, 'receipt replayed');
      await combobox(page, L.hook).selectOption({ label: O.redactOutput });
      await textbox(page, L.key).fill('intent-2');
      await button(page, B.approve).click();
      await next(page);
      await f.snap(page, 'redacted output');
      await combobox(page, L.role).selectOption({ label: O.viewer });
      await button(page, B.replaceBaseline).click();
      await f.snap(page, 'baseline replaced, live differs');
      await button(page, B.resetLedger).click();
      await f.snap(page, 'ledger reset');
      await page.getByRole('radio', { name: O.quarterSpeed }).check();
      await f.snap(page, 'quarter speed');
      assert.deepEqual(pageErrors, []);
    },

    /** Rejected at each gate that can reject (the after-hook never rejects). */
    async rejections(f) {
      const { page, pageErrors } = await open('?experiment=email');
      const select = (label, option) => combobox(page, label).selectOption({ label: option });
      const approve = () => button(page, B.approve).click();
      // Each rejection: what is set up before the run, the gate that
      // rejects, why (for the failure message) and the state's name.
      const rejections = [
        // schema: a recipient outside example.test.
        [() => select(L.example, O.boundary), 'schema', 'boundary', 'rejected at schema'],
        // role: the Viewer sends.
        [() => select(L.example, O.valid), 'role', 'Viewer', 'rejected at role'],
        // before-hook: Block mutations.
        [
          async () => {
            await select(L.role, O.operator);
            await select(L.hook, O.blockMutations);
          },
          'before-hook',
          'Block mutations',
          'rejected at before-hook',
        ],
        // approval: Operator, not approved.
        [() => select(L.hook, O.noHook), 'approval', 'not approved', 'rejected at approval'],
        // idempotency: intent-1 again for another payload, then an empty key.
        [
          async () => {
            await approve();
            await next(page);
            const edited = JSON.parse(await textbox(page, L.args).inputValue());
            edited.subject += ', revised';
            await textbox(page, L.args).fill(JSON.stringify(edited, null, 2));
            await approve();
          },
          'idempotency',
          'intent-1 for another payload',
          'rejected at idempotency (key holds another payload)',
        ],
        [
          async () => {
            await textbox(page, L.key).fill('');
            await approve();
          },
          'idempotency',
          'empty key',
          'rejected at idempotency (empty key)',
        ],
        // execution: an event overlapping the stand-up (the Operator's, approved); a division by zero (a read).
        ...[
          ['calendar', '{"title": "Clash", "start": "09:00", "end": "09:15"}', 'overlap', true],
          ['calculator', '{"operator": "divide", "left": 1, "right": 0}', 'division by zero', false],
        ].map(([experiment, args, why, approved]) => [
          async () => {
            await go(page, `?experiment=${experiment}`);
            if (approved) await select(L.role, O.operator);
            await textbox(page, L.args).fill(args);
            if (approved) await approve();
          },
          'execution',
          why,
          `rejected at execution (${why})`,
        ]),
      ];
      for (const [setUp, gate, why, state] of rejections) {
        await setUp();
        await next(page);
        await assertRejectedAt(page, gate, why);
        await f.snap(page, state);
      }
      assert.deepEqual(pageErrors, []);
    },

    /** An agent turn: an unknown tool, Start turn, each call, the claims, End turn, and malformed decisions. */
    async agentTurn(f) {
      const { page, pageErrors } = await open('?experiment=registry');
      await textbox(page, L.toolName).fill('shell.exec');
      await next(page);
      await assertRejectedAt(page, 'schema', 'shell.exec');
      await f.snap(page, 'unknown tool shell.exec');

      await go(page, '?experiment=registry');
      await button(page, B.startTurn).click();
      await f.snap(page, 'turn started');
      for (let call = 1; call <= 6; call += 1) {
        // A finished call stays on show until Next call.
        if (call > 1) await button(page, B.nextCall).click();
        if (call === 2) {
          await combobox(page, L.role).selectOption({ label: O.operator });
          await button(page, B.approve).click();
        }
        await next(page, call === 3 ? 3 : GATE_COUNT);
        if (call === 2) await f.snap(page, 'turn: the committed call on show, Next call beside the held controls');
        if (call === 3) {
          await f.snap(page, 'turn: call 3 mid-run');
          await next(page, GATE_COUNT - 3);
        }
      }
      await f.snap(page, 'turn finished, claims judged');
      await page.locator('[data-panel="turn"]').getByRole('button', { name: B.endTurn, exact: true }).click();
      await f.snap(page, 'turn ended');

      for (const decision of [
        '[{"name":"search"}]',
        '[',
        '{"name":"search","args":{}}',
        '[]',
        '[1]',
        '[{"args":{}}]',
        '[{"name":1,"args":{}}]',
        '[{"name":"search","args":{},"extra":1}]',
        '[{"text":1}]',
        '[{"name":"search","args":{}},{"text":"done","extra":1}]',
      ]) {
        await textbox(page, L.decision).fill(decision);
        await button(page, B.startTurn).click();
        assert.ok(await page.locator('[data-panel="turn"]').getByRole('alert').isVisible(), `${decision}: an alert`);
        await f.snap(page, `malformed decision ${decision}`);
      }
      assert.deepEqual(pageErrors, []);
    },

    /**
     * Every notice and error path a page served over HTTP in `N` shows:
     * arguments refused, links, hide=, full screen, a hidden tab, stored
     * values this build cannot read, the declarations' Copy and Download,
     * Export notes, an unknown experiment and storage that fails.
     */
    async notices(f) {
      const { page, pageErrors } = await open('?experiment=email');

      // Over-long arguments, and one character under the cap.
      await textbox(page, L.args).fill('x'.repeat(4097));
      await next(page);
      await f.snap(page, 'over-long arguments');
      await textbox(page, L.args).fill(`"${'x'.repeat(4094)}"`);
      await next(page);
      await f.snap(page, 'arguments not an object');

      // A link: copied (the clipboard refused or allowed), shared, for another experiment.
      await go(page, '?experiment=email');
      await button(page, B.copyLink).click();
      const link = await textbox(page, L.shareLink).inputValue();
      assert.match(link, new RegExp(`[?&]lang=${N.tag}(&|#)`), `the link keeps the language: ${link}`);
      await f.snap(page, 'Copy link');
      await page.goto(link);
      await waitForGates(page);
      await f.snap(page, 'opened a shared setup');
      await page.goto(link.replace('experiment=email', 'experiment=calendar'));
      await waitForGates(page);
      await f.snap(page, 'a link for another experiment');
      for (const fragment of ['#s=1.!!!', '#s=1.e30', '#s=9.eyJ9']) {
        await go(page, `?experiment=email${fragment}`);
        await f.snap(page, `link ${fragment}`);
      }

      // hide= names that are no panels (one, and two), embedded.
      await go(page, '?experiment=email&embed=1&hide=nonsense');
      await f.snap(page, 'hide= one unknown name');
      await go(page, '?experiment=email&embed=1&hide=baseline,nonsense,Side-Bar');
      await f.snap(page, 'hide= two unknown names');

      // Full screen: Exit full screen.
      await go(page, '?experiment=email');
      await button(page, B.expand).click();
      await page.waitForFunction((expand) => ![...document.querySelectorAll('button')].some((b) => b.textContent === expand), B.expand);
      await f.snap(page, 'expanded');

      // A hidden tab pauses a playing run.
      await go(page, '?experiment=search');
      await button(page, B.playRun).click();
      await page.evaluate(() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await page.locator('.notice').first().waitFor();
      await f.snap(page, 'paused by a hidden tab');

      // Stored values this build cannot read.
      await go(page, '?experiment=calendar');
      const baselineKey = 'function-tools-workbench/baseline/v1/calendar';
      for (const [stored, why] of [
        [JSON.stringify({ version: 2, baseline: {} }), 'a baseline from a newer version'],
        ['{"version":1,"baseline":"kept"}', 'an unreadable baseline'],
        ['not json', 'a baseline that is not JSON'],
      ]) {
        await page.evaluate(([k, v]) => localStorage.setItem(k, v), [baselineKey, stored]);
        await page.reload();
        await waitForGates(page);
        await openAllPanels(page);
        await f.snap(page, why);
        await button(page, B.captureBaseline).click();
        await f.snap(page, `${why}, then Capture baseline`);
      }
      await page.evaluate((k) => localStorage.removeItem(k), baselineKey);

      // The declarations' Copy without clipboard permission, and a download.
      await go(page, '?experiment=registry');
      const declarations = page.locator('[data-panel="declarations"]');
      await declarations.getByRole('button').first().click();
      await declarations.getByRole('status').filter({ hasText: /\S/ }).waitFor();
      await f.snap(page, 'declarations: Copy');
      const [download] = await Promise.all([page.waitForEvent('download'), declarations.getByRole('button').nth(1).click()]);
      await download.path();
      await f.snap(page, 'declarations: Download');
      const [notes] = await Promise.all([page.waitForEvent('download'), button(page, B.exportNotes).click()]);
      await notes.path();
      await f.snap(page, 'Export notes');
      assert.deepEqual(pageErrors, []);

      // The unknown experiment's list.
      const unknown = await suite.open(N.at('?experiment=nope'));
      await unknown.page.locator('#app a').first().waitFor();
      await f.snap(unknown.page, 'unknown experiment nope');

      // Storage that refuses writes, that cannot be read, that is disabled.
      for (const [script, why] of [
        [
          () => {
            Storage.prototype.setItem = function setItem() {
              throw new DOMException('full', 'QuotaExceededError');
            };
          },
          'storage refuses writes',
        ],
        [
          () => {
            Storage.prototype.getItem = function getItem() {
              throw new DOMException('blocked', 'SecurityError');
            };
          },
          'storage cannot be read',
        ],
        [
          () => {
            Object.defineProperty(window, 'localStorage', {
              configurable: true,
              get() {
                throw new DOMException('disabled', 'SecurityError');
              },
            });
          },
          'storage disabled',
        ],
      ]) {
        const o = await open('?experiment=email', { initScript: script });
        await f.snap(o.page, why);
        await textbox(o.page, L.notes).pressSequentially('筆記');
        await button(o.page, B.captureBaseline).click();
        await f.snap(o.page, `${why}: notes typed, baseline captured`);
        assert.deepEqual(o.pageErrors, [], `${why}: no uncaught error`);
      }
    },
  };
}
