import { afterEach, describe, expect, it, vi } from "vitest";
import { startPeriodicJob } from "./periodic.server";

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
});
