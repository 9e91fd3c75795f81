// Play you can follow: others' cards fly to the trick at the pace chosen, and not at all when
// the system asks for reduced motion; a decision with one legal move is played by itself after
// a short visible pause (said in the log), and Escape stops it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, tableAndBrowser, nextTurn, offered, perform, watchedPage } from './harness.js';

const env = tableAndBrowser();

/** The longest transform animation seen while others play a trick, polled in the page. */
async function longestFlight(page) {
  return page.evaluate(async () => {
    let longest = 0;
    const until = performance.now() + 4000;
    while (performance.now() < until) {
      for (const a of document.getAnimations()) {
        const frames = a.effect?.getKeyframes?.() ?? [];
        if (frames.some((f) => f.transform && f.transform !== 'none')) longest = Math.max(longest, a.effect.getTiming().duration);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return longest;
  });
}

async function pastThePass(page) {
  assert.equal(await nextTurn(page), 'turn');
  const { actions } = await offered(page);
  await perform(page, actions[0]);
}

test('cards fly at a steady pace, and stay put with reduced motion', async () => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const table = await api(env.server, 'POST', '/api/tables', { game: 'hearts', seats: ['human', 'easy', 'easy', 'easy'], seed: 41 });
    const context = await env.browser.newContext({ reducedMotion });
    const page = await watchedPage(context, { pace: 450 });
    await page.goto(env.server.url + table.seats[0].invite);
    await pastThePass(page);
    // Lead or follow once, then watch the others play.
    assert.equal(await nextTurn(page), 'turn');
    const { actions } = await offered(page);
    const watching = longestFlight(page);
    await perform(page, actions[0]);
    const longest = await watching;
    if (reducedMotion === 'reduce') assert.ok(longest <= 150, `no flight with reduced motion (saw ${longest} ms)`);
    else assert.ok(longest >= 180 && longest <= 350, `a card's flight at a steady pace lasts ${longest} ms`);
    assert.deepEqual(page.problems, []);
    await context.close();
  }
});

test('a forced move plays itself after a visible pause, and Escape stops it', async () => {
  const table = await api(env.server, 'POST', '/api/tables', { game: 'hearts', seats: ['human', 'easy', 'easy', 'easy'], seed: 42 });
  const context = await env.browser.newContext();
  const page = await watchedPage(context);
  await page.addInitScript(() => localStorage.setItem('cardroom.autoplay', 'true'));
  await page.goto(env.server.url + table.seats[0].invite);
  await page.waitForFunction(() => window.cardroom?.state);
  // Note when each forced move was offered and when it went.
  await page.evaluate(() => {
    const t = window.cardroom;
    window.forced = [];
    const schedule = t.scheduleAutoplay.bind(t);
    t.scheduleAutoplay = (state) => {
      window.forced.push({ version: state.version, offered: performance.now() });
      return schedule(state);
    };
    const act = t.act.bind(t);
    t.act = (notation, options) => {
      const last = window.forced.at(-1);
      if (last && !last.sent && last.version === t.state.version) last.sent = performance.now();
      return act(notation, options);
    };
  });
  let stopped = false;
  let forcedSeen = 0;
  for (let guard = 0; guard < 200 && !stopped; guard++) {
    if ((await nextTurn(page)) === 'over') break;
    const { actions, version, pick } = await offered(page);
    if (actions.length > 1 || pick) {
      await perform(page, actions[0]);
      continue;
    }
    if (forcedSeen++ === 0) {
      // The first forced move: it goes by itself, between 400 ms and twice the pause (500 ms at once).
      await page.waitForFunction((v) => window.cardroom.state.version > v, version, { timeout: 5000 });
      const entry = await page.evaluate((v) => window.forced.find((f) => f.version === v), version);
      assert.ok(entry?.sent, 'the forced move was sent by the page');
      const waited = entry.sent - entry.offered;
      assert.ok(waited >= 400 && waited <= 1000, `sent after ${waited} ms`);
      assert.match(await page.locator('.feed-item.kind-auto').last().textContent(), /Played automatically/);
    } else {
      // The next one: Escape stops it, and the person plays it.
      await page.keyboard.press('Escape');
      await page.waitForTimeout(900);
      assert.equal(await page.evaluate(() => window.cardroom.state.version), version, 'Escape stopped the forced move');
      await page.locator('.notice', { hasText: 'Stopped' }).waitFor();
      await perform(page, actions[0]);
      stopped = true;
    }
  }
  assert.ok(stopped, 'two forced moves came up');
  assert.deepEqual(page.problems, []);
  await context.close();
});
