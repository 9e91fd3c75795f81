// An accessibility audit with axe-core (WCAG 2.0/2.1 A and AA rules, plus the target-size rule
// axe leaves off by default) of the lobby, a table at mid-deal (your turn, cards picked, the
// end-of-deal dialog, the match over, four colours, a phone with the log open) and the replay
// viewer: no serious or critical violation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { api, tableAndBrowser, drive, handCard, nextTurn, offered, watchedPage } from './harness.js';

const env = tableAndBrowser();
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

async function audit(page, where) {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'target-size': { enabled: true } },
  }));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const described = bad.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  assert.deepEqual(described, [], `${where}: axe found serious or critical problems`);
}

test('the lobby, a table at mid-deal and the replay pass an axe-core audit', async () => {
  // axe is injected as a script: the page's Content Security Policy is set aside for it.
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 }, bypassCSP: true });
  const page = await watchedPage(context);
  await page.goto(env.server.url);
  await page.locator('.game-card').first().waitFor();
  await audit(page, 'the lobby');

  const table = await api(env.server, 'POST', '/api/tables', { game: 'hearts', seats: ['human', 'easy', 'easy', 'easy'], seed: 31, deals: 1 });
  await page.goto(env.server.url + table.seats[0].invite);
  assert.equal(await nextTurn(page), 'turn');
  await audit(page, 'the table, your turn');
  const { hand } = await offered(page);
  await handCard(page, hand[0]).click();
  await handCard(page, hand[1]).click();
  await audit(page, 'the table, two cards picked');
  await page.locator('#settings-button').click();
  await page.locator('#opt-fourColour').check();
  await page.locator('#settings-button').click();
  await audit(page, 'the table, four colours');
  await page.locator('.choices button.clear').click();

  // Play the deal out; audit the end-of-deal dialog and the match over.
  await drive(page, (actions) => actions[0], { until: async () => (await page.locator('dialog.breakdown[open]').count()) > 0 });
  await page.locator('dialog.breakdown[open]').waitFor();
  await audit(page, 'the end-of-deal dialog');
  await page.locator('dialog.breakdown button', { hasText: 'Continue' }).click();
  await page.locator('.result').waitFor();
  await audit(page, 'the match over');

  await page.goto(`${env.server.url}/replay/${table.id}?step=20`);
  await page.locator('.position', { hasText: 'Step 20 of' }).waitFor();
  await audit(page, 'the replay viewer');
  assert.deepEqual(page.problems, []);
  await context.close();

  const phone = await env.browser.newContext({ viewport: { width: 375, height: 667 }, bypassCSP: true });
  const small = await watchedPage(phone);
  const other = await api(env.server, 'POST', '/api/tables', { game: 'belote', seats: ['human', 'easy', 'easy', 'easy'], seed: 32 });
  await small.goto(env.server.url + other.seats[0].invite);
  assert.equal(await nextTurn(small), 'turn');
  await audit(small, 'a phone, your turn');
  await small.locator('#open-log').click();
  await audit(small, 'a phone, the log open');
  assert.deepEqual(small.problems, []);
  await phone.close();
});
