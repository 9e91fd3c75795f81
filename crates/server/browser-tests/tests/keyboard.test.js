// Play without a mouse and with a screen reader: cards are buttons named "queen of spades",
// the feed is a live region, keys play a whole deal, the hint and the rules drawer work from
// the keyboard, text mode writes cards in words, and the per-move clock is shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, tableAndBrowser, nextTurn, version, waitPast, watchedPage } from './harness.js';

const env = tableAndBrowser();

test('a Hearts deal by keyboard alone, with accessible names, hints, rules and text mode', async () => {
  const table = await api(env.server, 'POST', '/api/tables', { game: 'hearts', seats: ['human', 'easy', 'easy', 'easy'], seed: 9, deals: 1, clock_seconds: 120 });
  const context = await env.browser.newContext();
  const page = await watchedPage(context);
  await page.goto(env.server.url + table.seats[0].invite);
  await nextTurn(page);
  const names = await page.locator('.hand button.card').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  assert.equal(names.length, 13);
  for (const name of names) assert.match(name, /^(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)$/);
  assert.equal(await page.locator('.feed-list').getAttribute('aria-live'), 'polite');
  // The per-move clock counts down.
  assert.match(await page.locator('#clock').textContent(), /^You have 1[12]\d s to act; then a bot moves for you\.$/);

  // The hint, by its key: a suggestion is announced and its card marked.
  await page.keyboard.press('h');
  await page.locator('.notice', { hasText: 'bot suggests' }).waitFor();
  assert.equal(await page.locator('.hand .card.hinted').count(), 1);

  // The rules drawer opens and closes by keyboard.
  await page.keyboard.press('r');
  await page.locator('#rules-drawer h1', { hasText: 'Hearts' }).waitFor();
  await page.keyboard.press('Escape');
  await page.locator('#rules-drawer').waitFor({ state: 'hidden' });

  // Text mode: card names in words.
  await page.locator('#opt-textMode').check();
  assert.ok(await page.locator('.hand button.card .name').first().isVisible());
  await page.locator('#opt-textMode').uncheck();

  // The whole deal: focus the first raised card with Tab, press Enter.
  let moves = 0;
  while ((await nextTurn(page)) === 'turn') {
    const v = await version(page);
    await page.locator('.hand button.card.raised').first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    const focused = await page.evaluate(() => document.activeElement.classList.contains('raised'));
    assert.ok(focused, 'arrow keys move between cards');
    await page.keyboard.press('Enter');
    await waitPast(page, v);
    moves++;
  }
  assert.equal(moves, 16);
  assert.deepEqual(page.problems, []);
  await context.close();
});
