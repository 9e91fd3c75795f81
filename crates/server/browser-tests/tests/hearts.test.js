// A Hearts table with three bots, played as a person would: three cards picked and the pass
// confirmed with one button, then thirteen tricks by clicking cards. Each trick's fourth card
// is seen in the centre before the trick is gathered, others' cards arrive one at a time, and
// the score sheet's numbers are the server's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, tableAndBrowser, artifactPath, handCard, nextTurn, offered, settled, version, watchedPage } from './harness.js';

const env = tableAndBrowser();

/** Records every count of cards the "Trick" region shows, in order, as the page changes. */
async function watchTrick(page) {
  await page.evaluate(() => {
    window.trickCounts = [];
    window.fullTricks = new Set();
    const look = () => {
      const cards = [...document.querySelectorAll('[role=region][aria-label="Trick"] [data-card]')].map((c) => c.dataset.card);
      if (window.trickCounts.at(-1) !== cards.length) window.trickCounts.push(cards.length);
      if (cards.length === 4) window.fullTricks.add([...cards].sort().join(' '));
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
  });
}

test('a whole Hearts deal: the pass picked and confirmed, every trick seen whole, the sheet equal to the ledger', async () => {
  const table = await api(env.server, 'POST', '/api/tables', { game: 'hearts', seats: ['human', 'medium', 'medium', 'medium'], seed: 11, deals: 1 });
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await watchedPage(context, { pace: 250 });
  await page.goto(env.server.url + table.seats[0].invite);
  await watchTrick(page);

  // The pass: pick three cards (each can be unpicked), then one button passes them.
  assert.equal(await nextTurn(page), 'turn');
  const { hand, pick } = await offered(page);
  assert.deepEqual(pick && { kind: pick.kind, count: pick.count }, { kind: 'pass', count: 3 });
  const confirm = page.locator('.choices button.confirm');
  await handCard(page, hand[0]).click();
  await handCard(page, hand[1]).click();
  assert.equal(await handCard(page, hand[1]).getAttribute('aria-pressed'), 'true');
  await handCard(page, hand[1]).click();
  assert.equal(await handCard(page, hand[1]).getAttribute('aria-pressed'), 'false', 'a pick can be taken back');
  await handCard(page, hand[2]).click();
  assert.equal(await confirm.getAttribute('aria-disabled'), 'true');
  assert.equal(await confirm.textContent(), 'Pick 1 more card to pass');
  await handCard(page, hand[3]).click();
  assert.equal(await confirm.getAttribute('aria-disabled'), null);
  assert.match(await confirm.textContent(), /^Pass \S+ \S+ \S+ to Bot \d \(medium\)$/);
  const v = await version(page);
  await confirm.click();
  await settled(page, v);
  const passed = await page.evaluate(() => window.cardroom.state.scene.seats[0].groups.find((g) => g.label.startsWith('Passed'))?.cards);
  assert.deepEqual([...passed].sort(), [hand[0], hand[2], hand[3]].sort());

  // Thirteen tricks by clicking a raised card.
  let plays = 0;
  while ((await nextTurn(page)) === 'turn') {
    const before = await version(page);
    const raised = page.locator('.hand button.card.raised');
    assert.ok((await raised.count()) > 0, 'some card is raised when it is my turn');
    await raised.first().click();
    await settled(page, before);
    plays++;
  }
  assert.equal(plays, 13);
  // Every trick was shown with its four cards before it went to its winner, and cards came one
  // at a time (the count in the centre never jumped by two).
  assert.equal(await page.evaluate(() => window.fullTricks.size), 13);
  const counts = await page.evaluate(() => window.trickCounts);
  for (let i = 1; i < counts.length; i++) assert.ok(counts[i] <= counts[i - 1] + 1, `trick counts ${counts}`);

  // The end of the deal: the dialog's sheet is the ledger's.
  await page.locator('dialog.breakdown').waitFor();
  await page.screenshot({ path: artifactPath('hearts-end.png') });
  const summary = await api(env.server, 'GET', `/api/tables/${table.id}`);
  const changes = await page.locator('dialog.breakdown .score-sheet tr.latest td').evaluateAll((cells) => cells.map((c) => Number(c.dataset.change)));
  assert.deepEqual(changes, summary.totals, 'a one-deal match: the deal changed each total by the total');
  const totals = await page.locator('dialog.breakdown .score-sheet tfoot td').allTextContents();
  assert.deepEqual(totals.map(Number), summary.totals);
  assert.equal(summary.totals.reduce((a, b) => a + b, 0) % 26, 0, 'a deal hands out 26 points (or a moon)');
  await page.locator('dialog.breakdown button', { hasText: 'Continue' }).click();
  await page.locator('.result table.standings').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'result-title');
  assert.equal(summary.status, 'finished');
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a double click sends one move, and a refused move is told in words', async () => {
  const table = await api(env.server, 'POST', '/api/tables', { game: 'hearts', seats: ['human', 'easy', 'easy', 'easy'], seed: 12 });
  const context = await env.browser.newContext();
  const page = await watchedPage(context);
  const sent = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => { if (String(f.payload).includes('"act"')) sent.push(f.payload); }));
  await page.goto(env.server.url + table.seats[0].invite);
  // Past the pass, to a trick where a card plays on one click.
  while ((await nextTurn(page)) === 'turn' && (await offered(page)).pick) {
    const { actions } = await offered(page);
    const v = await version(page);
    const cards = actions.slice(0, 3).map((a) => a.cards[0]);
    for (const c of cards) await handCard(page, c).click();
    await page.locator('.choices button.confirm').click();
    await settled(page, v);
  }
  assert.equal(await nextTurn(page), 'turn');
  const before = sent.length;
  await page.locator('.hand button.card.raised').first().dblclick();
  await page.waitForTimeout(300);
  assert.equal(sent.length - before, 1, 'one act frame for a double click');
  // A stale move (sent by hand with an old version) is explained, never shown as a code.
  await nextTurn(page);
  await page.evaluate(() => window.cardroom.socket.send(JSON.stringify({ type: 'act', action: window.cardroom.state.actions[0].notation, version: 1 })));
  const alert = page.locator('.alert .error');
  await alert.waitFor();
  const text = await alert.textContent();
  assert.match(text, /moved on|not your turn/);
  assert.doesNotMatch(text, /stale|illegal|\{|version \d/);
  // Closing the side panel widens the felt, and the choice outlives a reload.
  const wide = async () => (await page.locator('.felt-area').boundingBox()).width;
  const narrow = await wide();
  await page.locator('.side-close').click();
  assert.ok((await wide()) > narrow + 200, "the felt takes the panel's room");
  await page.reload();
  await page.waitForFunction(() => window.cardroom?.state);
  assert.ok((await wide()) > narrow + 200, 'still closed after a reload');
  await page.locator('#open-log').click();
  assert.ok(Math.abs((await wide()) - narrow) < 2, 'open again');
  assert.deepEqual(page.problems, []);
  await context.close();
});
