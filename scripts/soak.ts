/**
 * npm run soak — a day of traffic (scripts/lib/soak.ts): mixed traffic from 20 concurrent clients
 * against the production build on a freshly seeded database, on the embedded database and on a
 * PostgreSQL server, then per kind of request the requests, errors and p50/p95/p99, the orders,
 * oversold units and the server's memory over time.
 *
 * Options: --minutes N (default 10) or --seconds N; --clients N (default 20); --database
 * pglite|postgres|both (default: pglite, and postgres too when a server's URL is given);
 * --database-url URL or SOAK_DATABASE_URL (a fresh database is made on that server and dropped
 * afterwards). SOAK_SKIP_BUILD=1 uses the existing build/ (as BENCH_SKIP_BUILD does for the bench).
 *
 * Targets (exit code 1 otherwise): 0 errors, 0 oversold, memory growth under 10 % after warm-up —
 * the last one judged only for runs of 2 minutes or more, as a 30-second run is mostly warm-up.
 */
import { parseArgs } from "node:util";
import { ensureShopBuild } from "./lib/shop-server.ts";
import { formatReport, runSoak, type SoakDatabase } from "./lib/soak.ts";

const { values } = parseArgs({
  options: {
    minutes: { type: "string" },
    seconds: { type: "string" },
    clients: { type: "string", default: "20" },
    database: { type: "string" },
    "database-url": { type: "string" },
  },
});

const durationS = values.seconds !== undefined ? Number(values.seconds) : Number(values.minutes ?? 10) * 60;
const clients = Number(values.clients);
const databaseUrl = values["database-url"] ?? process.env.SOAK_DATABASE_URL;
const database = values.database ?? (databaseUrl ? "both" : "pglite");
if (!Number.isFinite(durationS) || durationS < 5) throw new Error("--minutes/--seconds: at least 5 seconds");
if (!Number.isInteger(clients) || clients < 2) throw new Error("--clients: a whole number ≥ 2 (one is the admin)");
if (!["pglite", "postgres", "both"].includes(database)) throw new Error("--database: pglite, postgres or both");
if (database !== "pglite" && !databaseUrl) throw new Error("--database postgres needs SOAK_DATABASE_URL or --database-url");

ensureShopBuild(process.env.SOAK_SKIP_BUILD === "1");
const kinds: SoakDatabase[] = database === "both" ? ["pglite", "postgres"] : [database as SoakDatabase];
let ok = true;
const reports: string[] = [];
for (const kind of kinds) {
  console.log(`\nSoak on ${kind}: ${durationS} s, ${clients} clients`);
  const report = await runSoak({ durationS, clients, database: kind, databaseUrl, log: (line) => console.log(line) });
  const text = formatReport(report);
  console.log(text);
  reports.push(text);
  ok &&= report.ok;
}
if (kinds.length > 1) console.log(`\n########## Summary ##########${reports.join("\n")}`);
process.exitCode = ok ? 0 : 1;
