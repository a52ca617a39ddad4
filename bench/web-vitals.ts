// Lighthouse-style timings of a page in headless Chromium: first and largest contentful paint from
// the browser's own PerformanceObserver entries, and total blocking time as Lighthouse defines it
// (the part beyond 50 ms of every long task after the first contentful paint).
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type Vitals = { fcp: number; lcp: number; tbt: number; jsKiB: number };

/** Collects paint and long-task entries from the first byte on, before any script of the page runs. */
const OBSERVE = `
  window.__vitals = { fcp: 0, lcp: 0, longTasks: [] };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__vitals.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__vitals.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__vitals.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
`;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
}

/**
 * Opens `url` in a fresh context (empty cache), waits until `ready` is visible and the network is
 * quiet, then reads the timings. `prepare` may set up the context first (e.g. a stored session).
 */
export async function measurePage(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  prepare?: (page: Page) => Promise<void>,
): Promise<Vitals> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  let jsBytes = 0;
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response
      .request()
      .sizes()
      .then((sizes) => (jsBytes += sizes.responseBodySize))
      .catch(() => undefined);
  });
  if (prepare) await prepare(page);
  await page.addInitScript(OBSERVE);
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  // LCP is final at the first input; give late long tasks a moment to be reported.
  await page.waitForTimeout(500);
  const raw = (await page.evaluate('window.__vitals')) as { fcp: number; lcp: number; longTasks: [number, number][] };
  await context.close();
  const tbt = raw.longTasks.filter(([start]) => start >= raw.fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  return { fcp: raw.fcp, lcp: raw.lcp, tbt, jsKiB: jsBytes / 1024 };
}

/** The median of each timing over `runs` page loads. */
export async function medianVitals(runs: number, measure: () => Promise<Vitals>): Promise<Vitals> {
  const all: Vitals[] = [];
  for (let i = 0; i < runs; i++) all.push(await measure());
  const median = (key: keyof Vitals) => all.map((v) => v[key]).sort((a, b) => a - b)[Math.floor(runs / 2)]!;
  return { fcp: median('fcp'), lcp: median('lcp'), tbt: median('tbt'), jsKiB: median('jsKiB') };
}
