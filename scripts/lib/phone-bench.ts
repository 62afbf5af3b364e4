/**
 * BENCH_ONLY=phone: a guest's purchase on a slow phone, in Chromium with Lighthouse's mobile
 * throttling (150 ms per request's round trip, 1.6 Mbit/s down, 750 kbit/s up, 4× CPU slowdown,
 * a Moto G Power's screen and user agent): list → product → add → cart → checkout → sandbox
 * payment page → confirmation, with JavaScript on and off, each run in a fresh browser context
 * (no cache, no cookies; the whole path in one context, so its cache and cookies carry as a
 * phone's do). The bare page (scripts/perf-baseline) is loaded under the same throttling beside it.
 *
 * Per step, two figures:
 * - LCP: a full document load's largest contentful paint, from the navigation's start (Chromium's
 *   own candidates, read over CDP's PerformanceTimeline, so it works with JavaScript off too).
 *   A client-side navigation or a fetcher's answer has no LCP (the browser reports none after
 *   the first input): there the column shows the time to the step's main content painted
 *   instead, marked "(soft)", and the 1.5 s target applies to it.
 * - waited: from the shopper's tap (a raw pointer event sent at the element's centre) to the
 *   step's main content painted: for a document load, its LCP; for a client-side navigation, the
 *   first animation frame with the step's content in place, visible, and every image in view
 *   loaded. The first step is a typed address: waited is from the navigation's start.
 *
 * A step that does not reach its page (its URL, its heading) throws: no figure is printed for a
 * broken path.
 */
import { CHROMIUM_LAUNCH } from "#tests/fixtures/chromium.ts";
import { fillContactAndAddress } from "#tests/fixtures/checkout-form.ts";
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { seedShop, startSeededShop, stop } from "./shop-server.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Each step's LCP (or soft-navigation paint) target, ms. */
export const TARGET_STEP_LCP_MS = 1500;
const STEP_TIMEOUT_MS = 60_000;
/** BENCH_PHONE_TRACE=1: each step's requests, from the tap, to find which round trip a step waits for. */
const TRACE = process.env.BENCH_PHONE_TRACE === "1";
/** How long the shopper looks at a page before the next tap (BENCH_PHONE_PAUSE_MS, default 1 s). */
const PAUSE_MS = Number(process.env.BENCH_PHONE_PAUSE_MS ?? 1000);

/** Lighthouse's mobile throttling (its "simulated" settings applied to the browser). */
const THROTTLING = {
  latencyMs: 150,
  downloadBytesPerS: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerS: (750 * 1024) / 8,
  cpuSlowdown: 4,
};

/** Lighthouse's Moto G Power (2022) emulation. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
};

export const PHONE_STEPS = ["list", "product", "add", "cart", "checkout", "sandbox", "confirmation"] as const;
export type PhoneStep = (typeof PHONE_STEPS)[number];

export interface StepTiming {
  step: PhoneStep;
  /** How the step's page came: a document load, or in place (client-side navigation, fetcher). */
  kind: "document" | "client";
  /** A document's LCP from its navigation's start; for "client", the time to the content painted. */
  lcpMs: number;
  waitedMs: number;
  /** The LCP element's image, when it is one (for a document load). */
  lcpUrl?: string;
}

export interface PathRun {
  js: boolean;
  steps: StepTiming[];
}

export interface BareRun {
  js: boolean;
  lcpMs: number;
  loadMs: number;
}

export interface PhoneBench {
  runs: PathRun[];
  bare: BareRun[];
}

interface LcpCandidate {
  /** Epoch ms (Chromium's clock). */
  at: number;
  url?: string;
}

/** One page in a fresh context, throttled; LCP candidates collected over CDP. */
class ThrottledPage {
  readonly lcp: LcpCandidate[] = [];
  /** Finished requests, in Chromium's epoch ms (BENCH_PHONE_TRACE=1 prints each step's). */
  readonly requests: { label: string; start: number; end: number }[] = [];
  /** Chromium's epoch clock minus this process's (ms). */
  private offset = 0;

  private constructor(
    readonly page: Page,
    readonly js: boolean,
  ) {}

  static async open(browser: Browser, js: boolean, baseURL?: string): Promise<ThrottledPage> {
    const context = await browser.newContext({
      ...PHONE,
      baseURL,
      javaScriptEnabled: js,
      locale: "es-MX",
      timezoneId: "America/Mexico_City",
    });
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const cdp = await context.newCDPSession(page);
    const self = new ThrottledPage(page, js);
    page.on("requestfinished", (request) => {
      const timing = request.timing();
      self.requests.push({
        label: `${request.method()} ${new URL(request.url()).pathname}${new URL(request.url()).search.slice(0, 40)}`,
        start: timing.startTime,
        end: timing.startTime + timing.responseEnd,
      });
    });
    cdp.on("PerformanceTimeline.timelineEventAdded", ({ event }) => {
      const details = event.lcpDetails;
      if (event.type !== "largest-contentful-paint" || !details) return;
      self.lcp.push({ at: (details.renderTime || details.loadTime) * 1000, url: details.url || undefined });
    });
    await cdp.send("PerformanceTimeline.enable", { eventTypes: ["largest-contentful-paint"] });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: THROTTLING.latencyMs,
      downloadThroughput: THROTTLING.downloadBytesPerS,
      uploadThroughput: THROTTLING.uploadBytesPerS,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLING.cpuSlowdown });
    return self;
  }

  close() {
    return this.page.context().close();
  }

  /** Chromium's epoch time now, read synchronously in the page (works with JavaScript off). */
  private browserNow(): Promise<number> {
    return this.page.evaluate(() => performance.timeOrigin + performance.now());
  }

  /** The clock offset, from the quickest of three round trips (its error is at most half of it). */
  async calibrate() {
    let best = { rtt: Infinity, offset: 0 };
    for (let i = 0; i < 3; i++) {
      const before = nowMs();
      const browser = await this.browserNow();
      const after = nowMs();
      if (after - before < best.rtt) best = { rtt: after - before, offset: browser - (before + after) / 2 };
    }
    this.offset = best.offset;
  }

  /** This process's clock in Chromium's. */
  toBrowser(ms: number) {
    return ms + this.offset;
  }

  /** A marker in the current document: gone after a document load, kept by a client-side navigation. */
  async markDocument(): Promise<string> {
    const mark = Math.random().toString(36).slice(2);
    await this.page.evaluate((m) => {
      (window as unknown as { __benchDoc?: string }).__benchDoc = m;
    }, mark);
    return mark;
  }

  async sameDocument(mark: string): Promise<boolean> {
    return (await this.page.evaluate(() => (window as unknown as { __benchDoc?: string }).__benchDoc)) === mark;
  }

  /**
   * The current document's LCP once it has loaded and the network is quiet: its time from the
   * navigation's start, and its epoch time.
   */
  async documentLcp(): Promise<{ lcpMs: number; at: number; url?: string }> {
    await this.page.waitForLoadState("load");
    await this.page.waitForLoadState("networkidle");
    const origin = await this.page.evaluate(() => performance.timeOrigin);
    const mine = this.lcp.filter((c) => c.at >= origin);
    const last = mine.at(-1);
    if (!last) throw new Error(`no LCP reported for ${this.page.url()}`);
    return { lcpMs: last.at - origin, at: last.at, url: last.url };
  }

  /**
   * In place (JavaScript on): watches, from now on, for the first animation frame in which the page
   * is at `target` (its URL, `selector` with `text` in it, visible) and every image in the viewport
   * has loaded; `paintedAt` reads that frame's epoch time. Armed before the tap, so the time is the
   * frame's, not when this process looked. A document load drops the watch (JavaScript off: never armed).
   */
  async armPaintWatch(target: StepTarget) {
    const arg = JSON.stringify({ url: target.url.source, selector: target.selector, text: target.text });
    await this.page.evaluate(`(${PAINT_WATCH})(${arg})`);
  }

  async paintedAt(): Promise<number> {
    const handle = await this.page.waitForFunction(() => (window as unknown as { __benchPainted?: number }).__benchPainted, undefined, {
      polling: "raf",
      timeout: STEP_TIMEOUT_MS,
    });
    return (await handle.jsonValue()) as number;
  }
}

/**
 * The in-page watch of armPaintWatch, as source text: a function written here would be compiled
 * with the bundler's helpers (tsx's `__name`), which the page does not have.
 */
const PAINT_WATCH = `({ url, selector, text }) => {
  window.__benchPainted = undefined;
  const there = () => {
    if (!new RegExp(url).test(location.href)) return false;
    const found = [...document.querySelectorAll(selector)].find(
      (el) => (text === undefined || (el.textContent || "").includes(text)) && el.getClientRects().length > 0,
    );
    if (!found) return false;
    return [...document.images].every((img) => {
      const r = img.getBoundingClientRect();
      const inView = r.width > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
      return !inView || img.complete;
    });
  };
  const check = () => {
    if (there()) window.__benchPainted = performance.timeOrigin + performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}`;

const nowMs = () => performance.timeOrigin + performance.now();

/** Where a step ends: its URL and its main content (a CSS selector and, optionally, a text in it). */
interface StepTarget {
  url: RegExp;
  selector: string;
  text?: string;
}

/**
 * Taps `locator` (actionable, scrolled into view) with a raw pointer event at its centre and times
 * the step up to `target`: a document load's LCP, or the content painted in place.
 */
async function timedTap(tp: ThrottledPage, step: PhoneStep, locator: Locator, target: StepTarget): Promise<StepTiming> {
  await locator.click({ trial: true });
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${step}: the element to tap is not on screen`);
  await tp.calibrate();
  const mark = await tp.markDocument();
  if (tp.js) await tp.armPaintWatch(target);
  const started = tp.toBrowser(nowMs());
  await tp.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return finishStep(tp, step, started, mark, target);
}

async function finishStep(
  tp: ThrottledPage,
  step: PhoneStep,
  started: number,
  mark: string | null,
  target: StepTarget,
): Promise<StepTiming> {
  const { page } = tp;
  try {
    await page.waitForURL(target.url, { timeout: STEP_TIMEOUT_MS, waitUntil: "commit" });
    const content = page.locator(target.selector).filter(target.text ? { hasText: target.text } : {});
    await content.first().waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
  } catch (error) {
    throw new Error(
      `phone bench, step '${step}': did not reach ${target.url} with ${target.selector} "${target.text ?? ""}" (at ${page.url()})`,
      {
        cause: error,
      },
    );
  }
  let timing: StepTiming;
  if (mark !== null && tp.js && (await tp.sameDocument(mark))) {
    const painted = await tp.paintedAt();
    timing = { step, kind: "client", lcpMs: painted - started, waitedMs: painted - started };
  } else {
    const lcp = await tp.documentLcp();
    timing = { step, kind: "document", lcpMs: lcp.lcpMs, waitedMs: lcp.at - started, lcpUrl: lcp.url };
  }
  if (TRACE) {
    console.log(`  [trace] JS ${tp.js ? "on" : "off"} ${step}: ${timing.kind}, waited ${timing.waitedMs.toFixed(0)} ms`);
    for (const r of tp.requests.filter((r) => r.start >= started - 5))
      console.log(`  [trace]   +${(r.start - started).toFixed(0)}..+${(r.end - started).toFixed(0)} ms  ${r.label}`);
  }
  return timing;
}

/**
 * Ready for the next tap: with JavaScript, the app has hydrated (the header search form gets
 * `novalidate`; tests/e2e/helpers.ts); then the shopper reads the page for PAUSE_MS, as a phone
 * would let the page discover its links' routes and prefetch what it prefetches meanwhile.
 */
async function hydrated(tp: ThrottledPage, js: boolean) {
  if (js) await tp.page.locator('form[role="search"][novalidate]').waitFor({ state: "attached", timeout: STEP_TIMEOUT_MS });
  await tp.page.waitForTimeout(PAUSE_MS);
}

let guests = 0;

/** One guest's purchase on a fresh phone: each step's timing. */
async function purchase(browser: Browser, base: string, js: boolean): Promise<PathRun> {
  const tp = await ThrottledPage.open(browser, js, base);
  const { page } = tp;
  const steps: StepTiming[] = [];
  try {
    // 1. The list, typed in the address bar: from the navigation's start.
    const listTarget = { url: /\/productos$/, selector: "main h1, main article h2, main article h3" };
    await page.goto("/productos", { waitUntil: "commit" });
    const navStart = await page.evaluate(() => performance.timeOrigin);
    steps.push(await finishStep(tp, "list", navStart, null, listTarget));
    await hydrated(tp, js);

    // 2. A card in stock (its 'Agregar: …' button), tapped on its name.
    const cards = page.getByRole("region", { name: "Productos" }).getByRole("article");
    const card = cards.filter({ has: page.getByRole("button", { name: /^Agregar: / }) }).first();
    const nameLink = card.getByRole("heading").getByRole("link");
    const name = ((await nameLink.textContent()) ?? "").trim();
    if (!name) throw new Error("phone bench: no product in stock on /productos");
    steps.push(await timedTap(tp, "product", nameLink, { url: /\/producto\/[0-9a-f]{24}/, selector: "main h1", text: name }));
    await hydrated(tp, js);

    // 3. 'Agregar al carrito': the status says 'Agregado al carrito' once the cart has it.
    const main = page.getByRole("main");
    steps.push(
      await timedTap(tp, "add", main.getByRole("button", { name: "Agregar al carrito" }), {
        url: /\/producto\/[0-9a-f]{24}/,
        selector: ".add-to-cart-added",
        text: "Agregado al carrito",
      }),
    );
    await hydrated(tp, js);

    // 4. 'Ir al carrito'.
    steps.push(
      await timedTap(tp, "cart", main.getByRole("link", { name: "Ir al carrito" }), {
        url: /\/carrito$/,
        selector: "main h1",
        text: "Carrito de compras",
      }),
    );
    await hydrated(tp, js);

    // 5. 'Proceder al pago'.
    steps.push(
      await timedTap(tp, "checkout", main.getByRole("link", { name: "Proceder al pago" }), {
        url: /\/checkout$/,
        selector: "main h1",
        text: "Finalizar compra",
      }),
    );
    await hydrated(tp, js);

    // The guest's form, not timed: the shopper types.
    await fillContactAndAddress(page, { name: "Invitada Telefono", email: `phone-bench-${Date.now()}-${++guests}@example.com` });

    // 6. 'Continuar al Pago': the sandbox's payment page.
    steps.push(
      await timedTap(tp, "sandbox", page.getByRole("button", { name: "Continuar al Pago" }), {
        url: /\/sandbox\/pago\/[0-9a-f]{24}$/,
        selector: "main h1",
        text: "Pago de prueba",
      }),
    );
    await hydrated(tp, js);

    // 7. 'Aprobar': the provider's return, the order paid.
    steps.push(
      await timedTap(tp, "confirmation", page.getByRole("button", { name: "Aprobar" }), {
        url: /\/payment\/success\?.*external_reference=CV-/,
        selector: "main h1",
        text: "¡Pago exitoso!",
      }),
    );
    return { js, steps };
  } finally {
    await tp.close();
  }
}

/** The bare page, typed in the address bar on a fresh phone: its LCP and its load event. */
async function bareVisit(browser: Browser, url: string, js: boolean): Promise<BareRun> {
  const tp = await ThrottledPage.open(browser, js);
  try {
    await tp.page.goto(url, { waitUntil: "commit" });
    await tp.page.locator(".card").first().waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
    const { lcpMs } = await tp.documentLcp();
    const loadMs = await tp.page.evaluate(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
    );
    return { js, lcpMs, loadMs };
  } finally {
    await tp.close();
  }
}

/**
 * BENCH_ROUNDS rounds of: the bare page, the purchase with JavaScript on; the bare page, the
 * purchase with JavaScript off; each on a fresh phone, on a shop seeded with the demo catalogue
 * (sandbox payments, the default) and the bare page's running server.
 */
export async function benchPhone(baseline: { url: string; server: ChildProcess }): Promise<PhoneBench> {
  console.log("\nSeeding the demo catalogue into a fresh DATA_DIR for the phone's purchases ...");
  const { base, server, dataDir } = await startSeededShop(seedShop({ prefix: "shop-phone-bench-" }));
  try {
    return await purchases(base, baseline.url);
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function purchases(shopBase: string, bareUrl: string): Promise<PhoneBench> {
  // Headless (Playwright adds --headless), with the flags every Chromium of the shop runs with.
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const result: PhoneBench = { runs: [], bare: [] };
  try {
    // A warm-up of both servers' code paths (one purchase each way), not counted.
    await bareVisit(browser, bareUrl, true);
    await purchase(browser, shopBase, true);
    await purchase(browser, shopBase, false);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const js of [true, false]) {
        const bare = await bareVisit(browser, bareUrl, js);
        result.bare.push(bare);
        const run = await purchase(browser, shopBase, js);
        result.runs.push(run);
        console.log(
          `round ${round} JS ${js ? "on " : "off"}  bare page LCP ${bare.lcpMs.toFixed(0)} ms | ` +
            run.steps.map((s) => `${s.step} ${s.kind === "client" ? "~" : ""}${s.lcpMs.toFixed(0)}/${s.waitedMs.toFixed(0)}`).join("  "),
        );
      }
    }
  } finally {
    await browser.close();
  }
  return result;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export function printPhone(r: PhoneBench, pass: (ok: boolean) => string) {
  const t = THROTTLING;
  console.log(
    `\n== A guest's purchase on a slow phone (Chromium, ${t.latencyMs} ms per request, ${((t.downloadBytesPerS * 8) / 1024 / 1024).toFixed(1)} Mbit/s down, ${((t.uploadBytesPerS * 8) / 1024).toFixed(0)} kbit/s up, ${t.cpuSlowdown}× CPU, ${PAUSE_MS} ms on each page before the next tap; medians of ${ROUNDS} fresh phones per mode) ==`,
  );
  console.log(
    "LCP: a document load's largest contentful paint from its navigation's start; '(soft)': no document load (client-side navigation or fetcher), the time from the tap to the step's content painted instead.",
  );
  console.log("waited: from the tap (for the list, the navigation's start) to the step's content painted (a document load's LCP).");
  console.log(`step | JS on: LCP / waited | JS off: LCP / waited | LCP ≤ ${TARGET_STEP_LCP_MS} ms | JS on ≤ JS off`);
  const of = (js: boolean) => r.runs.filter((x) => x.js === js);
  const summary = (js: boolean, step: PhoneStep) => {
    const timings = of(js).map((x) => x.steps.find((s) => s.step === step)!);
    const kinds = new Set(timings.map((s) => s.kind));
    return {
      lcp: median(timings.map((s) => s.lcpMs)),
      waited: median(timings.map((s) => s.waitedMs)),
      soft: kinds.has("client"),
      mixed: kinds.size > 1,
      urls: [...new Set(timings.map((s) => s.lcpUrl).filter(Boolean))],
    };
  };
  const cell = (s: ReturnType<typeof summary>) =>
    `${s.lcp.toFixed(0)} ms${s.soft ? " (soft)" : ""}${s.mixed ? " (mixed!)" : ""} / ${s.waited.toFixed(0)} ms`;
  for (const step of PHONE_STEPS) {
    const on = summary(true, step);
    const off = summary(false, step);
    console.log(
      `${step} | ${cell(on)} | ${cell(off)} | ${pass(Math.max(on.lcp, off.lcp) <= TARGET_STEP_LCP_MS)} | ${pass(on.waited <= off.waited)}`,
    );
  }
  const total = (js: boolean) => median(of(js).map((x) => x.steps.reduce((sum, s) => sum + s.waitedMs, 0)));
  const bare = (js: boolean) => r.bare.filter((b) => b.js === js);
  const bareLine = (js: boolean) =>
    `LCP ${median(bare(js).map((b) => b.lcpMs)).toFixed(0)} ms, load ${median(bare(js).map((b) => b.loadMs)).toFixed(0)} ms`;
  console.log(`total waited: JS on ${total(true).toFixed(0)} ms, JS off ${total(false).toFixed(0)} ms (${PHONE_STEPS.length} steps)`);
  console.log(`the bare page's single step (typed address): JS on ${bareLine(true)}; JS off ${bareLine(false)}`);
  for (const js of [true, false])
    for (const step of PHONE_STEPS) {
      const urls = summary(js, step).urls;
      if (urls.length > 0)
        console.log(`  LCP element, JS ${js ? "on" : "off"}, ${step}: ${urls.map((u) => new URL(u!).pathname).join(", ")}`);
    }
}
