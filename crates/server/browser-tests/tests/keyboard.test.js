// Play without a mouse and with a screen reader: cards are buttons named "queen of spades" in a
// region named "Your hand", moves are announced in a log, the arrows move between playable
// cards only, Space picks and Shift+Enter confirms the pass, Enter plays, focus stays in the
// hand after every move, and the hint, the rules, the shortcuts list, text mode and the clock
// all work from the keyboard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, tableAndBrowser, nextTurn, settled, version, watchedPage } from './harness.js';

const env = tableAndBrowser();

const focusInHand = (page) => page.evaluate(() => Boolean(document.activeElement?.closest('[role=region][aria-label="Your hand"]')));

test('a Hearts deal by keyboard alone, with accessible names, hints, rules and text mode', async () => {
  const table = await api(env.server, 'POST', '/api/tables', { game: 'hearts', seats: ['human', 'easy', 'easy', 'easy'], seed: 9, deals: 1, clock_seconds: 120 });
  const context = await env.browser.newContext();
  const page = await watchedPage(context);
  await page.goto(env.server.url + table.seats[0].invite);
  await nextTurn(page);
  const hand = page.getByRole('region', { name: 'Your hand' });
  const names = await hand.locator('button.card').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  assert.equal(names.length, 13);
  for (const name of names) assert.match(name, /^(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)$/);
  assert.equal(await page.getByRole('region', { name: 'Your choices' }).count(), 1);
  assert.equal(await page.locator('[role=log]').count(), 1, 'an announcer for screen readers');
  // The per-move clock counts down.
  assert.match(await page.locator('#clock').textContent(), /^You have 1[12]\d s to act; then a bot moves for you\.$/);

  // The hint, by its key: a suggestion is announced and its card marked.
  await page.keyboard.press('h');
  await page.locator('.notice', { hasText: 'suggests' }).waitFor();
  assert.equal(await page.locator('.hand .card.hinted').count(), 1);

  // The rules drawer and the shortcuts list open and close by keyboard.
  await page.keyboard.press('r');
  await page.locator('#rules-drawer h1', { hasText: 'Hearts' }).waitFor();
  await page.keyboard.press('Escape');
  await page.locator('#rules-drawer').waitFor({ state: 'hidden' });
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' });

  // Text mode, from the settings: card names in words.
  await page.locator('#settings-button').click();
  await page.locator('#opt-textMode').check();
  assert.ok(await page.locator('.hand button.card .name').first().isVisible());
  await page.locator('#opt-textMode').uncheck();
  await page.locator('#settings-button').click();

  // The pass: Space picks, the arrows move, Shift+Enter confirms, focus comes back to the hand.
  await page.locator('.hand button.card[tabindex="0"]').focus();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Space');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-pressed')), 'true');
    await page.keyboard.press('ArrowRight');
  }
  const v = await version(page);
  await page.keyboard.press('Shift+Enter');
  await settled(page, v);

  // Thirteen tricks: the arrows skip cards that cannot be played; Enter plays.
  let moves = 0;
  while ((await nextTurn(page)) === 'turn') {
    const before = await version(page);
    if (!(await focusInHand(page))) await page.locator('.hand button.card[tabindex="0"]').focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) {
      assert.notEqual(await page.evaluate(() => document.activeElement.getAttribute('aria-disabled')), 'true', 'arrows land on playable cards');
      await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('ArrowLeft');
    assert.ok(await focusInHand(page), 'arrow keys move between cards');
    await page.keyboard.press('Enter');
    await settled(page, before);
    moves++;
    const last = await page.evaluate(() => window.cardroom.state.status === 'finished');
    if (!last) assert.ok(await focusInHand(page), 'focus stays in the hand after a play');
  }
  assert.equal(moves, 13);
  assert.deepEqual(page.problems, []);
  await context.close();
});
