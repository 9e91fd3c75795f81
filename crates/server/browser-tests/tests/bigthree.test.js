// Big Three from the page: a combination can be played with whichever suits of its ranks the
// person picks, not only the suits the action lists; the cards picked are the ones played.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, tableAndBrowser, handCard, nextTurn, offered, perform, settled, watchedPage } from './harness.js';

const env = tableAndBrowser();

test('Big Three: pick other suits of a combination and they are played', async () => {
  const context = await env.browser.newContext();
  const page = await watchedPage(context);
  let done = false;
  for (let seed = 1; seed <= 4 && !done; seed++) {
    const table = await api(env.server, 'POST', '/api/tables', { game: 'big-three', seats: ['human', 'easy', 'easy'], seed, deals: 1 });
    await page.goto(env.server.url + table.seats[0].invite);
    for (let guard = 0; guard < 60 && !done; guard++) {
      if ((await nextTurn(page)) === 'over') break;
      const { actions, hand, version } = await offered(page);
      // A combination whose first rank has another suit in the hand than the one listed.
      const found = actions.map((a) => {
        if (!a.any_suit || !a.cards.length) return null;
        const other = hand.find((c) => c[0] === a.cards[0][0] && !a.cards.includes(c));
        return other ? { action: a, picked: [other, ...a.cards.slice(1)], listed: a.cards[0] } : null;
      }).find(Boolean);
      if (!found) {
        await perform(page, actions.find((a) => a.kind !== 'pass') ?? actions[0]);
        continue;
      }
      for (const card of found.picked) {
        await handCard(page, card).click();
        // A single with one use plays on the click, with the card clicked.
        if (await page.evaluate((v) => window.cardroom.state.version > v || window.cardroom.pending !== null, version)) break;
      }
      if (await page.evaluate((v) => window.cardroom.state.version === v && window.cardroom.pending === null, version)) {
        await page.locator(`.selection button[data-notation="${found.action.notation}"]`).click();
      }
      await settled(page, version);
      const now = (await offered(page)).hand;
      assert.ok(!now.includes(found.picked[0]), `the picked ${found.picked[0]} was played`);
      assert.ok(now.includes(found.listed), `the listed ${found.listed} stays in the hand`);
      // The log tells the table the cards played: the picked one.
      const told = await page.locator('.feed-item.kind-play[data-seat="0"]').last().locator('[data-card]').evaluateAll((cs) => cs.map((c) => c.dataset.card));
      assert.ok(told.includes(found.picked[0]), `told ${told}`);
      done = true;
    }
  }
  assert.ok(done, 'a combination was played with other suits');
  assert.deepEqual(page.problems, []);
  await context.close();
});
