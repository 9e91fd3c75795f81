// Every game at mid-deal on a desktop (1280x720) and a phone (375x667): on the person's turn
// the "Your hand" and "Your choices" regions are wholly on screen (no scrolling to reach them),
// nothing overflows sideways, every seat is drawn, no seat is numbered from 0, no glyph needs a
// font the machine lacks, and a screenshot of each is kept in target/browser-artifacts/. Then
// tables of 2 to 15 players: every seat on the felt and none on another.
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

/** Whether the element's box lies wholly inside the viewport. */
async function inViewport(page, locator) {
  const box = await locator.boundingBox();
  const { w, h } = await page.evaluate(() => ({ w: innerWidth, h: innerHeight }));
  return box && box.x >= 0 && box.y >= 0 && box.x + box.width <= w + 0.5 && box.y + box.height <= h + 0.5 ? true : JSON.stringify({ box, w, h });
}

const SIZES = [['desktop', { width: 1280, height: 720 }], ['phone', { width: 375, height: 667 }]];

test('each of the twelve games, on your turn, at 1280x720 and 375x667', async () => {
  const games = await api(env.server, 'GET', '/api/games');
  assert.equal(games.length, 12);
  for (const game of games) {
    const seats = Array.from({ length: game.default_players }, (_, s) => (s === 0 ? 'human' : 'medium'));
    const table = await api(env.server, 'POST', '/api/tables', { game: game.id, seats, seed: 5 });
    for (const [size, viewport] of SIZES) {
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
      assert.equal(await nextTurn(page), 'turn', `${game.id}: the person has a turn`);
      const where = `${game.id} ${size}`;
      const file = artifactPath(`${game.id}-${size}.png`);
      await page.screenshot({ path: file });
      assert.ok(colours(file) > 30, `${where}: the screenshot is not blank`);
      const hand = page.getByRole('region', { name: 'Your hand' });
      const choices = page.getByRole('region', { name: 'Your choices' });
      assert.equal(await inViewport(page, hand), true, `${where}: the hand is on screen`);
      assert.equal(await inViewport(page, choices), true, `${where}: the choices are on screen`);
      for (const card of await hand.locator('button.card').all()) assert.equal(await inViewport(page, card), true, `${where}: every card is on screen`);
      const page2 = await page.evaluate(() => ({
        wide: document.documentElement.scrollWidth,
        tall: document.documentElement.scrollHeight,
        w: innerWidth,
        h: innerHeight,
        text: document.body.innerText,
        html: document.body.innerHTML,
        pips: document.querySelectorAll('.card svg use[href^="#suit-"]').length,
        cards: document.querySelectorAll('.card[data-card]').length,
        bare: [...document.body.innerText.matchAll(/[\u2660\u2663\u2665\u2666](?!\uFE0E)/g)].length,
      }));
      assert.ok(page2.wide <= page2.w, `${where}: the page is ${page2.wide} px wide`);
      assert.ok(page2.tall <= page2.h + 1, `${where}: the page is ${page2.tall} px tall: no scrolling at the table`);
      assert.doesNotMatch(page2.text, /\b[Ss]eat 0\b|Player 0\b/, `${where}: no seat numbered from 0`);
      assert.doesNotMatch(page2.html, /[\u{1F0A0}-\u{1F0FF}]/u, `${where}: no playing-card characters (no font draws them legibly)`);
      assert.equal(page2.bare, 0, `${where}: every suit sign in text asks for its text form`);
      assert.ok(page2.pips >= page2.cards, `${where}: card pips are drawn from the SVG sprite`);
      assert.equal(await page.locator('.felt .seat').count(), game.default_players - 1, `${where}: every other seat is drawn round the felt`);
      // Where melds stay in the hand, the best arrangement's melds come first, marked.
      const melds = await page.evaluate(() => window.cardroom.state.scene.seats.find((s) => s.seat === window.cardroom.me())?.hand_melds ?? []);
      if (melds.length) {
        const marked = await hand.locator('button.card.in-meld').evaluateAll((cards) => cards.map((c) => c.dataset.card));
        assert.deepEqual(marked, melds.flat(), `${where}: melds grouped first`);
      }
      assert.deepEqual(page.problems, [], where);
      await context.close();
    }
  }
});

test('tables of 2 to 15 players: every seat on the felt, none on another, the next player on your left', async () => {
  const games = await api(env.server, 'GET', '/api/games');
  for (const n of [2, 3, 4, 5, 8, 12, 15]) {
    const game = [...games].reverse().find((g) => g.min_players <= n && n <= g.max_players);
    const seats = Array.from({ length: n }, (_, s) => (s === 0 ? 'human' : 'easy'));
    const table = await api(env.server, 'POST', '/api/tables', { game: game.id, seats, players: n, seed: 3 });
    for (const [size, viewport] of SIZES) {
      if (size === 'phone' && n > 8) continue;
      const context = await env.browser.newContext({ viewport });
      const page = await watchedPage(context);
      await page.goto(env.server.url + table.seats[0].invite);
      await page.waitForFunction(() => window.cardroom?.state);
      const boxes = await page.evaluate(() => {
        const felt = document.querySelector('.felt-area').getBoundingClientRect();
        const seats = [...document.querySelectorAll('.felt .seat')].map((s) => {
          const r = s.getBoundingClientRect();
          return { seat: Number(s.dataset.seat), x: r.x, y: r.y, w: r.width, h: r.height };
        });
        return { felt: { x: felt.x, y: felt.y, w: felt.width, h: felt.height }, seats };
      });
      const where = `${game.id} with ${n} at ${size}`;
      assert.equal(boxes.seats.length, n - 1, where);
      const { felt } = boxes;
      for (const b of boxes.seats) {
        assert.ok(b.x >= felt.x - 0.5 && b.y >= felt.y - 0.5 && b.x + b.w <= felt.x + felt.w + 0.5 && b.y + b.h <= felt.y + felt.h + 0.5, `${where}: seat ${b.seat + 1} is inside the felt`);
      }
      for (const a of boxes.seats) {
        for (const b of boxes.seats) {
          if (a.seat >= b.seat) continue;
          const apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
          assert.ok(apart, `${where}: seats ${a.seat + 1} and ${b.seat + 1} overlap`);
        }
      }
      // Seats are numbered clockwise: the next one sits at the viewer's left.
      if (n > 2) {
        const next = boxes.seats.find((b) => b.seat === 1);
        assert.ok(next.x + next.w / 2 < felt.x + felt.w / 2, `${where}: the next seat is on the left`);
      }
      assert.deepEqual(page.problems, [], where);
      await context.close();
    }
  }
});
