// Every game opened at mid-deal, on a desktop and at phone width: a screenshot of each is kept
// in target/browser-artifacts/, and each must be drawn (not blank), fit a 375 px screen
// without sideways scrolling, and cause no console error or failed request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { api, tableAndBrowser, artifactPath, nextTurn, offered, perform, watchedPage } from './harness.js';

const env = tableAndBrowser();

/** How many distinct colours the picture has (a blank page has one or two). */
function colours(file) {
  const png = PNG.sync.read(readFileSync(file));
  const seen = new Set();
  for (let i = 0; i < png.data.length; i += 4 * 7) {
    seen.add((png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2]);
  }
  return seen.size;
}

// Stay in and use cards where possible, so that the middle of a deal has something to show.
function midDealChoice(actions) {
  const keep = actions.filter((a) => a.kind !== 'retire' && a.kind !== 'pass-bank');
  return keep.find((a) => a.cards.length) ?? keep[0] ?? actions[0];
}

test('each of the twelve games, mid-deal, at two sizes', async () => {
  const games = await api(env.server, 'GET', '/api/games');
  assert.equal(games.length, 12);
  for (const game of games) {
    const seats = Array.from({ length: game.default_players }, (_, s) => (s === 0 ? 'human' : 'medium'));
    const table = await api(env.server, 'POST', '/api/tables', { game: game.id, seats, seed: 5 });
    for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 375, height: 812 }]]) {
      const context = await env.browser.newContext({ viewport, deviceScaleFactor: 1 });
      const page = await watchedPage(context);
      await page.goto(env.server.url + table.seats[0].invite);
      if (size === 'desktop') {
        // Three of the person's decisions into the first deal.
        for (let i = 0; i < 3; i++) {
          if ((await nextTurn(page)) === 'over') break;
          const { actions } = await offered(page);
          await perform(page, midDealChoice(actions));
        }
      }
      await nextTurn(page);
      await page.locator('.hand').waitFor({ state: 'attached' });
      const file = artifactPath(`${game.id}-${size}.png`);
      await page.screenshot({ path: file, fullPage: true });
      assert.ok(colours(file) > 30, `${game.id} ${size}: the screenshot is not blank`);
      assert.ok((await page.locator('.seat').count()) === game.default_players, `${game.id}: every seat is drawn`);
      if (size === 'phone') {
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(wide <= 375, `${game.id}: the page is ${wide} px wide at phone width`);
      }
      assert.deepEqual(page.problems, [], `${game.id} ${size}`);
      await context.close();
    }
  }
});
