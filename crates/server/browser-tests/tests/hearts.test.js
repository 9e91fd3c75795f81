// A Hearts table with three bots: the person passes three cards and plays thirteen tricks,
// all by clicking card faces, and the scores shown at the end agree with the feed's
// breakdown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, tableAndBrowser, artifactPath, nextTurn, version, waitPast, watchedPage } from './harness.js';

const env = tableAndBrowser();

test('a whole Hearts deal played by clicking cards', async () => {
  const table = await api(env.server, 'POST', '/api/tables', { game: 'hearts', seats: ['human', 'medium', 'medium', 'medium'], seed: 11, deals: 1 });
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await watchedPage(context);
  await page.goto(env.server.url + table.seats[0].invite);
  const counts = { pass: 0, play: 0 };
  for (let guard = 0; guard < 40; guard++) {
    if ((await nextTurn(page)) === 'over') break;
    const kind = await page.evaluate(() => window.cardroom.state.actions[0].kind);
    const v = await version(page);
    const raised = page.locator('.hand button.card.raised');
    assert.ok((await raised.count()) > 0, 'some card is raised when it is my turn');
    await raised.first().click();
    await waitPast(page, v);
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  assert.deepEqual(counts, { pass: 3, play: 13 });
  await page.locator('.result table.scores').waitFor();
  // The breakdown dialog opened at the end of the deal.
  await page.locator('dialog.breakdown').waitFor();
  await page.screenshot({ path: artifactPath('hearts-end.png') });
  // The dialog's "This deal" column is the change of the totals (a one-deal match: the totals),
  // never a running figure of the next deal.
  const dealChange = await page.locator('dialog.breakdown table.scores td.change').allTextContents();
  const finalTotals = (await api(env.server, 'GET', `/api/tables/${table.id}`)).totals;
  assert.deepEqual(dealChange.map(Number), finalTotals);
  await page.locator('dialog.breakdown button', { hasText: 'Continue' }).click();

  const shown = await page.locator('.result table.scores tbody tr td:first-of-type').allTextContents();
  const fromFeed = await page.evaluate(() => {
    const points = [0, 0, 0, 0];
    for (const li of document.querySelectorAll('.feed-item.breakdown[data-seat]')) {
      const m = li.textContent.match(/([+-]?\d+) for the deal|scores? ([+-]?\d+)/);
      if (m) points[Number(li.dataset.seat)] += Number(m[1] ?? m[2]);
    }
    return points;
  });
  assert.deepEqual(shown.map(Number), fromFeed);
  assert.equal(fromFeed.reduce((a, b) => a + b, 0) % 26, 0, 'a deal hands out 26 points (or a moon)');
  const summary = await api(env.server, 'GET', `/api/tables/${table.id}`);
  assert.deepEqual(summary.totals, fromFeed);
  assert.equal(summary.status, 'finished');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test("others' moves are shown one at a time, at the pace chosen", async () => {
  const table = await api(env.server, 'POST', '/api/tables', { game: 'hearts', seats: ['human', 'easy', 'easy', 'easy'], seed: 12 });
  const context = await env.browser.newContext();
  const page = await watchedPage(context, { pace: 250 });
  await page.goto(env.server.url + table.seats[0].invite);
  // Pass three cards; then watch the versions shown until it is this seat's turn again.
  let shown = new Set();
  for (let i = 0; i < 4; i++) {
    await nextTurn(page);
    const v = await version(page);
    shown = new Set([v]);
    await page.locator('.hand button.card.raised').first().click();
    await waitPast(page, v);
  }
  const started = Date.now();
  while (Date.now() - started < 8000) {
    const now = await page.evaluate(() => ({ v: window.cardroom.state.version, mine: window.cardroom.state.actions.length > 0 }));
    shown.add(now.v);
    if (now.mine) break;
    await page.waitForTimeout(40);
  }
  // After the first trick's lead, the three others' cards come one by one: each version is seen.
  assert.ok(shown.size >= 4, `versions seen: ${[...shown]}`);
  assert.equal(await page.locator('#opt-pace').inputValue(), '250');
  assert.deepEqual(page.problems, []);
  await context.close();
});
