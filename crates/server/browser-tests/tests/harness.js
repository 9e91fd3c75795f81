// What every browser test shares: a real `cardroom serve` on a loopback port with a fresh
// database, Debian's Chromium driven by playwright-core (no sandbox, no background networking:
// the machine has no internet), and pages that fail the test on any console error, page error
// or failed request.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '../../../..');
export const artifacts = path.join(repo, 'target', 'browser-artifacts');
const binary = process.env.CARDROOM_BIN || path.join(repo, 'target', 'debug', 'cardroom');

/**
 * Starts the server; resolves to { url, stop, kill }. `again` restarts a killed one: the same
 * port and database.
 */
export async function startServer(again = null, extra = []) {
  const dir = again?.dir ?? mkdtempSync(path.join(tmpdir(), 'cardroom-browser-'));
  const addr = again ? new URL(again.url).host : '127.0.0.1:0';
  const child = spawn(binary, ['serve', '--addr', addr, '--db', path.join(dir, 'test.db'), ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (d) => { errors += d; });
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 20 s: ${errors}`)), 20000);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${errors}`)));
  });
  return {
    url,
    dir,
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
    /** Kills the server as a crash would, keeping its database. */
    async kill() {
      const gone = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    },
  };
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-default-apps'],
  });
}

/** A page whose problems (console errors, page errors, failed or 4xx/5xx requests) are collected. */
export async function watchedPage(context, { pace = 0 } = {}) {
  const page = await context.newPage();
  // Others' moves are shown at once unless a test asks for the page's pacing.
  await page.addInitScript((p) => {
    try {
      localStorage.setItem('cardroom.pace', String(p));
      // Forced moves wait for the test's own click, unless a test turns them on.
      if (localStorage.getItem('cardroom.autoplay') === null) localStorage.setItem('cardroom.autoplay', 'false');
    } catch {
      // about:blank has no storage; the real page will.
    }
  }, pace);
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    // A WebSocket closed by navigating away is not a failure of the page.
    if (!r.url().startsWith('ws')) problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  page.problems = problems;
  page.setDefaultTimeout(15000);
  return page;
}

export async function api(server, method, route, body) {
  const response = await fetch(server.url + route, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(data)}`);
  return data;
}

/** Waits until this page's seat must act (resolves 'turn') or the match is over ('over'). */
export async function nextTurn(page) {
  const handle = await page.waitForFunction(() => {
    const t = window.cardroom;
    if (!t?.state) return false;
    if (t.state.status === 'finished') return 'over';
    if (t.state.actions.length && t.socket?.readyState === 1 && t.pending === null && !t.pickQueue.length && !t.pumping) return 'turn';
    return false;
  }, null, { polling: 50 });
  return handle.jsonValue();
}

/** An element's text once the page has filled it in: right after `goto` the page may not have
 * heard from the server yet, so reading at once can find it empty. */
export async function shownText(page, selector) {
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim(), selector, { polling: 50 });
  return page.locator(selector).textContent();
}

/** The version the page has seen: wait for it to move after an action. */
export async function version(page) {
  return page.evaluate(() => window.cardroom.state.version);
}

export async function waitPast(page, v) {
  await page.waitForFunction((seen) => window.cardroom.state.version > seen, v, { polling: 50 });
}

export function artifactPath(name) {
  mkdirSync(artifacts, { recursive: true });
  return path.join(artifacts, name);
}

/** The legal actions this page was given, its hand (as drawn) and what it is picking. */
export async function offered(page) {
  return page.evaluate(() => ({
    actions: window.cardroom.state.actions,
    hand: window.cardroom.myHand(window.cardroom.state.scene),
    version: window.cardroom.state.version,
    pick: window.cardroom.state.scene.pick,
  }));
}

/** The hand button of the `occurrence`-th copy of `card` ("QS", 0). */
export function handCard(page, card, occurrence = 0) {
  return page.locator(`.hand button.card[data-key="hand:${card}#${occurrence}"]`);
}

/** Waits until the page has nothing in flight: no move waiting for its answer, no picks queued. */
export async function settled(page, v) {
  await page.waitForFunction((seen) => {
    const t = window.cardroom;
    return t.state.version > seen && t.pending === null && !t.pickQueue.length && !t.pumping;
  }, v, { polling: 50 });
}

/**
 * Takes `action` the way a person would: an action with cards by clicking those cards in the
 * hand (one click plays a card with a single use), then the matching button; a decision made of
 * several picks (a Hearts pass) by picking that card and the next usable ones up to the count,
 * then the confirm button; any other action by its button (or its list box and Go).
 */
export async function perform(page, action) {
  // An end-of-deal breakdown waits for the person to read it.
  const breakdown = page.locator('dialog.breakdown[open] button', { hasText: 'Continue' });
  if (await breakdown.count()) await breakdown.click();
  const { hand, version: v, pick, actions } = await offered(page);
  if (action.cards.length) {
    let cards = action.cards;
    if (pick && action.kind === pick.kind) {
      const others = actions.filter((a) => a.kind === pick.kind && a.cards[0] !== action.cards[0]).map((a) => a.cards[0]);
      cards = [action.cards[0], ...others].slice(0, pick.count);
    }
    const used = new Set();
    for (const card of cards) {
      const index = hand.findIndex((c, i) => c === card && !used.has(i));
      if (index < 0) throw new Error(`${card} of ${action.notation} is not in the hand ${hand}`);
      used.add(index);
      const occurrence = hand.slice(0, index).filter((c) => c === card).length;
      await handCard(page, card, occurrence).click();
      // A card with a single use is played by the click; otherwise it is now picked.
      const picked = await page.evaluate(() => window.cardroom.selected.size);
      if (picked < used.size) {
        await settled(page, v);
        return;
      }
    }
    if (pick && action.kind === pick.kind) await page.locator('.choices button.confirm').click();
    else await page.locator(`.selection button[data-notation="${cssString(action.notation)}"]`).click();
  } else {
    const button = page.locator(`.choices .group button[data-notation="${cssString(action.notation)}"]`);
    if (await button.count()) {
      await button.click();
    } else {
      const select = page.locator(`.choices .group select:has(option[value="${cssString(action.notation)}"])`);
      await select.selectOption(action.notation);
      await page.locator(`.choices .group[data-group="${cssString(action.group)}"] button`, { hasText: 'Go' }).click();
    }
  }
  await settled(page, v);
}

function cssString(text) {
  return text.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

/**
 * Plays this page's seat until the match is over (or `until` says stop), choosing with
 * `choose(actions, hand)`; returns how many actions it took.
 */
export async function drive(page, choose, { until = async () => false, limit = 400 } = {}) {
  let taken = 0;
  while (taken < limit) {
    if ((await nextTurn(page)) === 'over') return taken;
    if (await until()) return taken;
    const { actions, hand } = await offered(page);
    await perform(page, choose(actions, hand));
    taken++;
  }
  throw new Error(`still playing after ${limit} actions`);
}

/** A server and a browser for one test file: started before its tests, stopped after. */
export function tableAndBrowser() {
  const env = {};
  before(async () => {
    env.server = await startServer();
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    env.server?.stop();
  });
  return env;
}
