// Two people in two browsers sit as partners at a Belote table with two bots and play a
// whole deal, bidding included; then a reload mid-deal brings the same seat and scene back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, tableAndBrowser, drive, nextTurn, offered, perform, startServer, version, watchedPage, shownText } from './harness.js';

const env = tableAndBrowser();

// Take the first time it is offered, so that the deal is played; declare when possible.
function partnerChoice(actions) {
  return actions.find((a) => a.kind === 'take') ?? actions.find((a) => a.kind === 'declare') ?? actions.find((a) => a.cards.length) ?? actions[0];
}

test('partners in two browsers play a whole Belote deal with two bots', async () => {
  const table = await api(env.server, 'POST', '/api/tables', { game: 'belote', seats: ['human', 'medium', 'human', 'medium'], seed: 7, deals: 1 });
  const seat = (k) => table.seats.find((s) => s.seat === k);
  const north = await env.browser.newContext();
  const south = await env.browser.newContext({ viewport: { width: 375, height: 800 } });
  const pages = [await watchedPage(north), await watchedPage(south)];
  await pages[0].goto(env.server.url + seat(0).invite);
  await pages[1].goto(env.server.url + seat(2).invite);
  // People are named from 1, never "seat 0"; bots by their level, numbered when two share it.
  assert.equal(await shownText(pages[0], '#who'), 'You are Player 1.');
  assert.equal(await shownText(pages[1], '#who'), 'You are Player 3.');
  for (const page of pages) {
    await page.waitForFunction(() => window.cardroom?.state && window.cardroom.seats.length);
    const text = await page.evaluate(() => document.body.innerText);
    assert.doesNotMatch(text, /\b[Ss]eat 0\b|Player 0/);
    assert.match(text, /Bot 2 \(medium\)/);
  }
  // Each sees the other as a partner, across the table (above the centre).
  for (const [page, partner] of [[pages[0], 2], [pages[1], 0]]) {
    const box = page.locator(`.felt .seat[data-seat="${partner}"]`);
    assert.match(await box.getAttribute('aria-label'), /your partner$/);
    const [b, felt] = [await box.boundingBox(), await page.locator('.felt-area').boundingBox()];
    assert.ok(b.y + b.height / 2 < felt.y + felt.height / 2, 'the partner sits across the table');
  }
  const kinds = [[], []];
  const counts = await Promise.all(pages.map((page, i) => drive(page, (actions) => {
    const choice = partnerChoice(actions);
    kinds[i].push(choice.kind);
    return choice;
  })));
  // Eight tricks: each partner plays eight cards (redeals after four passes add bids).
  for (const k of kinds) assert.equal(k.filter((x) => x === 'play').length, 8, `plays: ${k}`);
  assert.ok(kinds.flat().some((k) => k === 'take' || k === 'pass'), 'the partners bid');
  assert.ok(counts.every((n) => n >= 8));
  const summary = await api(env.server, 'GET', `/api/tables/${table.id}`);
  assert.equal(summary.status, 'finished');
  for (const [i, page] of pages.entries()) {
    await page.locator('.result').waitFor();
    // The standings and the score sheet are by team: partners share one total.
    assert.equal(summary.totals[0], summary.totals[2]);
    assert.equal(summary.totals[1], summary.totals[3]);
    const places = await page.locator('.result table.standings tbody th').allTextContents();
    assert.deepEqual([...places].sort(), ['Bot 2 (medium) and Bot 4 (medium)', `You and Player ${i === 0 ? 3 : 1}`].sort());
    const continueButton = page.locator('dialog.breakdown[open] button', { hasText: 'Continue' });
    if (await continueButton.count()) await continueButton.click();
    await page.locator('#open-scores, #tab-scores').locator('visible=true').first().click();
    const sheet = page.locator('.sheet-holder table.score-sheet');
    const heads = await sheet.locator('thead th').allTextContents();
    assert.deepEqual(heads, ['Deal', `You and Player ${i === 0 ? 3 : 1}`, 'Bot 2 (medium) and Bot 4 (medium)']);
    const totals = await sheet.locator('tfoot td').allTextContents();
    assert.deepEqual(totals.map(Number), [summary.totals[0], summary.totals[1]]);
    assert.deepEqual(page.problems, []);
  }
  await north.close();
  await south.close();
});

test('a reload mid-deal brings back the same seat and the same scene', async () => {
  const table = await api(env.server, 'POST', '/api/tables', { game: 'hearts', seats: ['human', 'easy', 'easy', 'easy'], seed: 3 });
  const context = await env.browser.newContext();
  const page = await watchedPage(context);
  await page.goto(env.server.url + table.seats[0].invite);
  await drive(page, (actions) => actions[0], { limit: 6, until: async () => false }).catch(() => {});
  assert.equal(await nextTurn(page), 'turn');
  const before = await page.evaluate(() => ({ scene: window.cardroom.state.scene, version: window.cardroom.state.version, feed: document.querySelectorAll('.feed-item').length }));
  assert.ok(before.version >= 6);
  // The invite is not needed again: the seat is remembered by this env.browser.
  await page.goto(`${env.server.url}/play/${table.id}`);
  assert.equal(await nextTurn(page), 'turn');
  const afterReload = await page.evaluate(() => ({ scene: window.cardroom.state.scene, version: window.cardroom.state.version, feed: document.querySelectorAll('.feed-item').length }));
  assert.deepEqual(afterReload, before);
  assert.equal(await shownText(page, '#who'), 'You are Player 1. Practice table: you against bots.');
  // And play goes on.
  const { actions } = await offered(page);
  await perform(page, actions[0]);
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('after the connection is lost (the server crashes and restarts), the page reconnects by itself', async () => {
  const own = await startServer();
  const table = await api(own, 'POST', '/api/tables', { game: 'hearts', seats: ['human', 'easy', 'easy', 'easy'], seed: 4 });
  const context = await env.browser.newContext();
  const page = await watchedPage(context);
  await page.goto(own.url + table.seats[0].invite);
  assert.equal(await nextTurn(page), 'turn');
  const { actions } = await offered(page);
  await perform(page, actions[0]);
  const seen = await version(page);
  await own.kill();
  await page.locator('.connection.lost').waitFor();
  const restarted = await startServer(own);
  try {
    await page.locator('.connection.ok').waitFor({ timeout: 20000 });
    assert.equal(await nextTurn(page), 'turn');
    assert.equal(await version(page), seen, 'nothing acknowledged was lost');
    const again = await offered(page);
    await perform(page, again.actions[0]);
    // The lost connection's failed reconnection attempts are expected; nothing else.
    assert.deepEqual(page.problems.filter((p) => !p.includes('/ws/tables/')), []);
  } finally {
    await context.close();
    restarted.stop();
  }
});
