// A spectator's page never holds a hidden card: at a Hearts table of four people, after the
// passes and during the tricks, no card in any hand appears anywhere in the spectator's DOM
// (card faces, names, attributes or text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, tableAndBrowser, offered, perform, watchedPage, shownText } from './harness.js';

const env = tableAndBrowser();

const RANKS = { 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine', T: 'ten', J: 'jack', Q: 'queen', K: 'king', A: 'ace' };
const SUITS = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const SYMBOLS = { C: '♣', D: '♦', H: '♥', S: '♠' };
const spoken = (code) => `${RANKS[code[0]]} of ${SUITS[code[1]]}`;
const face = (code) => `${code[0] === 'T' ? '10' : code[0]}${SYMBOLS[code[1]]}`;

async function checkSpectator(spectator, seats, announced = []) {
  const hands = [];
  for (const page of seats) hands.push(...(await offered(page)).hand.filter((c) => !announced.includes(c)));
  assert.ok(hands.length > 0);
  const dom = await spectator.evaluate(() => ({
    html: document.documentElement.outerHTML,
    text: document.body.innerText,
    cards: [...document.querySelectorAll('[data-card]')].map((e) => e.dataset.card),
    handButtons: document.querySelectorAll('.hand button.card').length,
  }));
  assert.equal(dom.handButtons, 0, 'a spectator has no hand');
  for (const card of hands) {
    assert.ok(!dom.cards.includes(card), `the spectator's page shows ${card}, which is in a hand`);
    assert.ok(!dom.html.includes(spoken(card)), `the spectator's page names the ${spoken(card)}`);
    assert.ok(!dom.text.includes(face(card)), `the spectator's page shows ${face(card)}`);
  }
}

test('a spectator page shows no hidden card', async () => {
  const table = await api(env.server, 'POST', '/api/tables', { game: 'hearts', seats: ['human', 'human', 'human', 'human'], seed: 21 });
  const seats = [];
  for (const s of table.seats) {
    const context = await env.browser.newContext();
    const page = await watchedPage(context);
    await page.goto(env.server.url + s.invite);
    seats.push(page);
  }
  const spectator = await watchedPage(await env.browser.newContext());
  await spectator.goto(`${env.server.url}/play/${table.id}?watch`);
  await spectator.waitForFunction(() => window.cardroom?.state?.status === 'playing');
  assert.equal(await shownText(spectator, '#who'), 'You are watching.');
  await checkSpectator(spectator, seats);
  // The passes (12 actions: each person picks three and confirms once) and three tricks.
  let acted = 0;
  while (acted < 24) {
    let actor = null;
    for (const page of seats) {
      if ((await offered(page)).actions.length) actor = page;
    }
    if (!actor) {
      await seats[0].waitForTimeout(50);
      continue;
    }
    const { actions, pick } = await offered(actor);
    await perform(actor, actions[0]);
    acted += pick ? pick.count : 1;
    if (acted === 12 || acted === 24) {
      await spectator.waitForFunction((v) => window.cardroom.state.version >= v, acted);
      // Whoever holds the two of clubs must lead it, and the table is told so: it is public.
      await checkSpectator(spectator, seats, acted === 12 ? ['2C'] : []);
    }
  }
  // The last trick, shown on request, is public.
  await spectator.locator('.last-trick-button').click();
  assert.equal(await spectator.locator('.last-trick-cards [data-card]').count(), 4);
  for (const page of [...seats, spectator]) assert.deepEqual(page.problems, []);
});
