// At a Panguingue table the person makes a meld by picking its cards, later lays a card off
// on it, and discards, all with clicks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, tableAndBrowser, drive, watchedPage } from './harness.js';

const env = tableAndBrowser();

test('Panguingue: meld by picking cards, then lay off and discard', async () => {
  const context = await env.browser.newContext();
  const done = { meld: false, lay: false, discardAfterLay: false };
  // The bots' and the deal's choices depend on the seed: try a few, each for a bounded time.
  for (let seed = 1; seed <= 6 && !done.discardAfterLay; seed++) {
    Object.assign(done, { meld: false, lay: false });
    const table = await api(env.server, 'POST', '/api/tables', { game: 'panguingue', players: 3, seats: ['human', 'easy', 'easy'], seed, deals: 1 });
    const page = await watchedPage(context);
    await page.goto(env.server.url + table.seats[0].invite);
    await drive(page, (actions) => {
      const byKind = (k) => actions.find((a) => a.kind === k);
      let choice = byKind('stay') ?? byKind('pass');
      if (!choice && !done.meld) choice = byKind('meld');
      if (!choice && done.meld && !done.lay) choice = byKind('lay');
      choice ??= byKind('stock') ?? byKind('discard') ?? actions[0];
      if (choice.kind === 'meld') done.meld = true;
      if (choice.kind === 'lay') done.lay = true;
      if (choice.kind === 'discard' && done.lay) done.discardAfterLay = true;
      return choice;
    }, { until: async () => done.discardAfterLay, limit: 300 });
    if (done.meld) {
      // The meld is on the table, first among the cards on the table, marked as the person's.
      const groups = await page.locator('.melds .group-cards.mine').count();
      assert.ok(groups >= 1, 'the meld is shown');
    }
    assert.deepEqual(page.problems, []);
    await page.close();
  }
  assert.ok(done.discardAfterLay, 'a meld, a lay-off and a discard were made');
  await context.close();
});
