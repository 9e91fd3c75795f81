// The way in: the lobby lists the twelve games, a table is made with the form (players, seats,
// variants), a friend opens the invite link in another browser, and they play; then the
// finished match is replayed step by step, deal by deal and seat by seat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, startServer, tableAndBrowser, drive, watchedPage, shownText } from './harness.js';

const env = tableAndBrowser();

test('create a table from the lobby form, invite a friend, play, replay', async () => {
  const host = await env.browser.newContext();
  const page = await watchedPage(host);
  await page.goto(env.server.url);
  assert.equal(await page.locator('.game-card').count(), 12);
  // A table made elsewhere shows up in the open list without a reload.
  const other = await api(env.server, 'POST', '/api/tables', { game: 'hearts', seats: ['invite', 'open', 'easy', 'easy'] });
  await page.locator(`.table-row[data-table="${other.id}"] button`, { hasText: 'Join' }).waitFor({ timeout: 8000 });
  await page.fill('#player-name', 'Ana');
  await page.locator('.game-card[data-game="khanhoo"] button', { hasText: 'Custom table' }).click();
  const dialog = page.locator('dialog.create');
  await dialog.waitFor();
  // Every house rule of the game is in the form in players' words; keys only in the
  // advanced view.
  const games = await api(env.server, 'GET', '/api/games');
  const khanhoo = games.find((g) => g.id === 'khanhoo');
  for (const v of khanhoo.variants) {
    await dialog.locator(`#variant-${v.key}`).waitFor();
    assert.equal(await dialog.locator(`label[for="variant-${v.key}"]`).textContent(), v.label);
    assert.equal(await dialog.locator(`#variant-${v.key}-doc`).textContent(), v.explain);
  }
  const key = dialog.locator(`[data-variant="${khanhoo.variants[0].key}"] code`);
  assert.equal(await key.isVisible(), false, 'no keys for a player');
  await dialog.locator('summary', { hasText: 'Advanced' }).click();
  await dialog.locator('#create-advanced').check();
  assert.equal(await key.isVisible(), true, 'keys in the advanced view');
  assert.deepEqual(await dialog.locator('#create-seat-1 option:not(.advanced-only *)').allTextContents().then((t) => t.slice(0, 5)),
    ['Friend (invite link)', 'Anyone from the lobby', 'Bot (easy)', 'Bot (medium)', 'Bot (hard)']);
  await dialog.locator('#create-players').selectOption('3');
  await dialog.locator('#create-seat-1').selectOption('invite');
  await dialog.locator('#create-seat-2').selectOption('easy');
  await dialog.locator('#create-deals').fill('1');
  await dialog.locator('#create-seed').fill('4');
  await dialog.locator('button[type=submit]').click();
  await page.waitForURL(/\/play\/[0-9a-f]{20}\?seat=0&token=/);
  const id = page.url().match(/play\/([0-9a-f]{20})/)[1];
  // The page shows the seed commitment, and that this seed was chosen (so never fair).
  await page.locator('#fairness summary.chosen-seed').waitFor();
  assert.match(await page.locator('#seed-commitment').textContent(), /^[0-9a-f]{64}$/);
  // Waiting for the friend: the invite link is shown.
  await page.locator('.waiting').waitFor();
  const invite = await page.locator('.invite-link').inputValue();
  assert.match(invite, new RegExp(`/play/${id}\\?seat=1&token=[0-9a-f]{32}$`));
  const friendContext = await env.browser.newContext();
  const friend = await watchedPage(friendContext);
  await friend.goto(invite);
  await page.locator('.waiting').waitFor({ state: 'hidden' });
  assert.equal(await shownText(page, '#who'), 'You are Ana.');
  const summary = await api(env.server, 'GET', `/api/tables/${id}`);
  assert.equal(summary.players, 3);
  assert.deepEqual(summary.seats.map((s) => s.bot), [null, null, 'easy']);
  // Both play the deal out, choosing the first thing offered.
  await Promise.all([page, friend].map((p) => drive(p, (actions) => actions[0])));
  assert.equal((await api(env.server, 'GET', `/api/tables/${id}`)).status, 'finished');
  // Once over, the page reveals the seed and salt and checks them against the commitment.
  await page.locator('dialog.breakdown button', { hasText: 'Continue' }).click();
  await page.locator('#fairness summary').click();
  await page.locator('#fairness-check', { hasText: 'open the commitment' }).waitFor();
  assert.match(await page.locator('#fairness').textContent(), /seed 4, salt [0-9a-f]{32}/);

  // The replay viewer.
  await page.goto(`${env.server.url}/replay/${id}`);
  await page.locator('.position', { hasText: 'Step 0 of' }).waitFor();
  const steps = Number((await page.locator('.position').textContent()).match(/of (\d+)/)[1]);
  assert.ok(steps > 10);
  await page.locator('button[data-key=next]').click();
  await page.locator('.position', { hasText: 'Step 1 of' }).waitFor();
  await page.locator('button[data-key=last]').click();
  await page.locator('.position', { hasText: `Step ${steps} of` }).waitFor();
  // A spectator's view has no hand; seat 1's view shows seat 1's; "every hand open" shows all.
  await page.locator('#replay-step').fill('5');
  await page.locator('#replay-step').dispatchEvent('change');
  await page.locator('.position', { hasText: 'Step 5 of' }).waitFor();
  const faceUp = () => page.locator('.group-cards .group-label', { hasText: 'hand, face up' }).count();
  assert.equal(await faceUp(), 0);
  assert.equal(await page.locator('.replay-hand').count(), 0);
  await page.locator('#replay-seat').selectOption('all');
  await page.waitForFunction(() => document.querySelectorAll('.felt .seat').length === 3 && document.querySelectorAll('.group-cards').length >= 3);
  assert.equal(await faceUp(), 3);
  await page.locator('#replay-seat').selectOption('1');
  await page.locator('.replay-hand h2', { hasText: "'s hand" }).waitFor();
  assert.equal(await faceUp(), 0);
  // The arrow keys step through the replay.
  const at = Number((await page.locator('.position').textContent()).match(/Step (\d+)/)[1]);
  await page.locator('h1').click();
  await page.keyboard.press('ArrowRight');
  await page.locator('.position', { hasText: `Step ${at + 1} of` }).waitFor();
  await page.keyboard.press('ArrowLeft');
  await page.locator('.position', { hasText: `Step ${at} of` }).waitFor();
  assert.equal(await page.locator('#replay-deal option').count(), 1);
  assert.deepEqual(page.problems, []);
  assert.deepEqual(friend.problems, []);
  await host.close();
  await friendContext.close();
});

test('a table made with the defaults is fair, and a stale seat link is told why it cannot sit', async () => {
  const context = await env.browser.newContext();
  const page = await watchedPage(context);
  const table = await api(env.server, 'POST', '/api/tables', { game: 'hearts' });
  await page.goto(env.server.url + table.seats[0].invite);
  await page.locator('#fairness summary.fair-seed').waitFor();
  assert.equal(await page.locator('#seed-commitment').textContent(), table.seed_commitment);
  // A link whose token holds no seat: the page says so and offers to watch, instead of
  // reconnecting for ever.
  const stranger = await watchedPage(await env.browser.newContext());
  await stranger.goto(`${env.server.url}/play/${table.id}?seat=0&token=${'0'.repeat(32)}`);
  await stranger.locator('.waiting h2', { hasText: 'You cannot sit at this table' }).waitFor();
  assert.match(await stranger.locator('.waiting').textContent(), /This seat was taken by/);
  await stranger.locator('button', { hasText: 'Watch this table instead' }).click();
  await stranger.waitForURL(/\?watch$/);
  await stranger.locator('#who', { hasText: 'You are watching.' }).waitFor();
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('one click to every game, and back to your seat from the lobby', async () => {
  const context = await env.browser.newContext();
  const page = await watchedPage(context);
  const games = await api(env.server, 'GET', '/api/games');
  for (const game of games) {
    await page.goto(env.server.url);
    const started = Date.now();
    await page.locator(`.game-card[data-game="${game.id}"] button.play-now`, { hasText: `Play ${game.name}` }).click();
    await page.waitForURL(/\/play\/[0-9a-f]{20}\?seat=0&token=[0-9a-f]{32}$/);
    // A seat against bots at the usual size, the match under way.
    await page.locator('#who', { hasText: /^You are (?!watching)/ }).waitFor();
    await page.waitForFunction(() => window.cardroom?.state?.status === 'playing');
    // Within three seconds of the click it is your turn, or the bots are at theirs.
    await page.waitForFunction(() => window.cardroom.state.actions.length > 0 || window.cardroom.state.to_act !== 0, null, { timeout: 3000 });
    const id = page.url().match(/play\/([0-9a-f]{20})/)[1];
    const summary = await api(env.server, 'GET', `/api/tables/${id}`);
    assert.equal(summary.players, game.default_players, game.id);
    assert.ok(summary.seats.slice(1).every((s) => s.bot === 'medium'), game.id);
    assert.ok(Date.now() - started < 3000, `${game.id}: at the table in ${Date.now() - started} ms`);
    if (game.id === 'hearts') {
      // A practice table teaches: on the first turn, what the new kind of action does.
      await page.locator('#who', { hasText: 'Practice table' }).waitFor();
      await page.waitForFunction(() => window.cardroom.state.actions.length > 0);
      const help = await page.evaluate(() => window.cardroom.welcome.kinds.find((k) => k.name === window.cardroom.state.actions[0].kind).help);
      await page.locator('#teach', { hasText: help }).waitFor();
      assert.match(await page.locator('#teach').textContent(), /H asks for a hint/);
    }
  }
  // The tab is closed; the lobby offers the way back to the last seat.
  const last = page.url();
  await page.goto(env.server.url);
  const back = page.locator('#your-tables .your-table a', { hasText: 'Return to your seat' });
  await back.first().waitFor();
  assert.equal(await back.count(), games.length);
  await page.locator(`#your-tables .your-table[data-table="${last.match(/play\/([0-9a-f]{20})/)[1]}"] a`).click();
  await page.locator('#who', { hasText: /^You are (?!watching)/ }).waitFor();
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a custom Hearts table from the form, Omnibus off and on', async () => {
  const context = await env.browser.newContext();
  const page = await watchedPage(context);
  for (const omnibus of [false, true]) {
    await page.goto(env.server.url);
    await page.locator('.game-card[data-game="hearts"] button', { hasText: 'Custom table' }).click();
    const dialog = page.locator('dialog.create');
    await dialog.waitFor();
    // The bonus card means something only in Omnibus: shown only then.
    assert.equal(await dialog.locator('[data-variant="bonus_card"]').isVisible(), false);
    if (omnibus) {
      await dialog.locator('#variant-omnibus').check();
      await dialog.locator('[data-variant="bonus_card"]').waitFor();
      await dialog.locator('#variant-bonus_card').selectOption('td');
    }
    await dialog.locator('button[type=submit]').click();
    await page.waitForURL(/\/play\/[0-9a-f]{20}\?seat=0&token=/);
    const id = page.url().match(/play\/([0-9a-f]{20})/)[1];
    const summary = await api(env.server, 'GET', `/api/tables/${id}`);
    assert.equal(summary.variants.includes('omnibus=true'), omnibus, `${summary.variants}`);
    assert.equal(summary.variants.includes('bonus_card=td'), omnibus, `${summary.variants}`);
    await page.locator('#who', { hasText: /^You are (?!watching)/ }).waitFor();
  }
  assert.deepEqual(page.problems, []);
  await context.close();
});

test('a waiting table nobody is at leaves the lobby after the idle limit', async () => {
  // A server of its own, with the limit cut to three seconds.
  const server = await startServer(null, ['--idle-minutes', '0.05']);
  const context = await env.browser.newContext();
  const page = await watchedPage(context);
  try {
    const table = await api(server, 'POST', '/api/tables', { game: 'hearts', seats: ['you', 'open', 'easy', 'easy'] });
    await page.goto(server.url);
    const row = page.locator(`#tables .table-row[data-table="${table.id}"]`);
    // Listed while it is new; gone (the lobby refreshes itself) once nobody came for the limit.
    await row.waitFor({ timeout: 2500 });
    await row.waitFor({ state: 'detached', timeout: 15000 });
    const summary = await api(server, 'GET', `/api/tables/${table.id}`);
    assert.equal(summary.status, 'closed');
    assert.deepEqual(page.problems, []);
  } finally {
    await context.close();
    server.stop();
  }
});
