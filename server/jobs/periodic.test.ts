import { afterEach, describe, expect, it, vi } from "vitest";
import { startPeriodicJob, startQueueWorker } from "./periodic.server";

describe("periodic jobs", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("runs at start and on every interval, never two runs at once, and logs failures without throwing", async () => {
    vi.useFakeTimers();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let runs = 0;
    let release: () => void = () => {};
    const job = startPeriodicJob(
      "test",
      1000,
      () => {
        runs++;
        if (runs === 2) return Promise.reject(new Error("database down"));
        return new Promise<void>((resolve) => (release = resolve));
      },
      { runAtStart: true },
    );
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000); // the first run is still going: no overlap
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(JSON.parse(String(errors.mock.calls[0]?.[0]))).toMatchObject({ msg: "job test failed", error: { message: "database down" } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
    const stopping = job.stop();
    release();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });

  it("a queue worker passes at start, after a wake-up (even one during a pass), again at once when a pass says more is waiting, and on its poll", async () => {
    vi.useFakeTimers();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    let wake: () => void = () => {};
    let passes = 0;
    let release: (more: boolean) => void = () => {};
    const worker = startQueueWorker("test worker", {
      pollMs: 1000,
      subscribe: (signal) => {
        wake = signal;
        return () => (wake = () => {});
      },
      pass: () => {
        passes++;
        if (passes === 4) return Promise.reject(new Error("database down"));
        return new Promise<boolean>((resolve) => (release = resolve));
      },
    });
    expect(passes).toBe(1); // at start
    wake(); // during the first pass: not a second pass at once...
    expect(passes).toBe(1);
    release(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(2); // ...but right after it
    release(true); // more waiting: at once, without the poll
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(3);
    release(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(passes).toBe(3);
    await vi.advanceTimersByTimeAsync(1); // the poll; this pass fails, is logged, and polling goes on
    expect(passes).toBe(4);
    expect(JSON.parse(String(errors.mock.calls[0]?.[0]))).toMatchObject({
      msg: "test worker pass failed",
      error: { message: "database down" },
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes).toBe(5);
    const stopping = worker.stop();
    wake();
    release(true); // stop() waits for this pass, and nothing runs after it
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes).toBe(5);
  });
});
