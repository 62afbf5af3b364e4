import { describe, expect, it } from "vitest";
import { currentYear, formatCount, formatMoney, formatMoneyCents, formatPoints } from "./format";
import { formatDate, formatDateTime } from "./dates";
import { formatFileSize } from "./gallery-upload";

describe("es-MX formatting", () => {
  it("formats money as $1,234.50 MXN", () => {
    expect(formatMoney(1234.5)).toBe("$1,234.50 MXN");
    expect(formatMoneyCents(15_000)).toBe("$150.00 MXN");
    expect(formatMoneyCents(0)).toBe("$0.00 MXN");
  });

  it("writes money exactly as es-MX's Intl currency format does (it is not used in the browser: too slow to start)", () => {
    const intl = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [
      0, 1, 5, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 123_450, 999_999, 1_000_000, 123_456_789, 1_000_000_000, -1, -123_450,
      -100_000_000,
    ];
    for (let cents = 0; cents < 3_000_000; cents += 997) amounts.push(cents);
    for (const cents of amounts) {
      expect(formatMoneyCents(cents), String(cents)).toBe(`${intl.format(cents / 100)} MXN`);
      expect(formatMoney(cents / 100), String(cents)).toBe(`${intl.format(cents / 100)} MXN`);
    }
  });

  it("formats dates in Mexico City time, not the server's", () => {
    // 03:00 UTC on 23 Nov is still 22 Nov in Mexico City (UTC-6).
    expect(formatDate(new Date("2026-11-23T03:00:00Z"))).toBe("22 de noviembre de 2026");
    expect(formatDate("2025-05-23T18:00:00Z")).toBe("23 de mayo de 2025");
  });

  it("takes the copyright year from Mexico City", () => {
    expect(currentYear(new Date("2027-01-01T03:00:00Z"))).toBe(2026);
    expect(currentYear(new Date("2027-01-01T12:00:00Z"))).toBe(2027);
  });

  it("shows points rounded down with es-MX grouping", () => {
    expect(formatPoints(1234.9)).toBe("1,234");
    expect(formatPoints(12)).toBe("12");
    expect(formatPoints(-3.5)).toBe("-4");
    const intl = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 0 });
    for (const points of [0, 7, 999, 1_000, 12_345, 999_999, 1_000_000, 123_456_789, -1_000, -12_345.5]) {
      expect(formatPoints(points)).toBe(intl.format(Math.floor(points)));
    }
  });

  it("writes whole counts with es-MX grouping", () => {
    const intl = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 0 });
    for (const count of [0, 1, 999, 1_000, 5_000, 1_000_000, -12_345]) expect(formatCount(count)).toBe(intl.format(count));
  });

  it("shows file sizes in B, KB and MB (1 KB = 1024 B), never '1,024 KB'", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1023)).toBe("1,023 B");
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1 MB");
    expect(formatFileSize(5 * 1024 * 1024)).toBe("5 MB");
    expect(formatFileSize(4_999_999)).toBe("4.8 MB");
  });

  it("shows an upload's date and time in Mexico City", () => {
    expect(formatDateTime("2026-11-23T03:05:00Z")).toMatch(/^22 de noviembre de 2026.*09:05/);
  });
});
