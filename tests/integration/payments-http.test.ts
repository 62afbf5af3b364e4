/**
 * The payment edges of the shop's Express stack (server/app.ts `handler`): the
 * webhook is exempt from the CSRF origin check (it is authenticated by its
 * signature), and CSP form-action lets the no-JS checkout's redirect reach
 * Mercado Pago, or the test stub's origin when MERCADOPAGO_API_BASE_URL is set.
 */
import { afterAll, describe, expect, it } from "vitest";
import { startStack, type RunningStack } from "#tests/fixtures/http-stack.ts";
import { resourceBuild } from "#tests/fixtures/server-build.ts";

/** Stand-ins for the shop's routes: each action answers 200 once a request reaches it. */
const reached = () => new Response("reached", { status: 200 });
const build = resourceBuild({
  "api/webhooks/mercadopago": { action: reached },
  carrito: { action: reached },
});

const stacks: RunningStack[] = [];

async function start(env: Record<string, string>): Promise<string> {
  const stack = await startStack({ build }, env);
  stacks.push(stack);
  return stack.base;
}

afterAll(async () => {
  await Promise.all(stacks.map((s) => s.close()));
});

describe("payment edges of the HTTP stack", () => {
  it("the webhook is not refused by the origin check; other posts from another origin are", async () => {
    const base = await start({});
    const post = (path: string) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/json" },
        body: "{}",
      });
    const webhook = await post("/api/webhooks/mercadopago?data.id=1&type=payment");
    expect([webhook.status, await webhook.text()]).toEqual([200, "reached"]);
    expect((await post("/carrito")).status).toBe(403);
  });

  it("CSP form-action lists Mercado Pago's checkout origins, and the stub's origin only when configured", async () => {
    const plain = await start({});
    const csp = (await fetch(`${plain}/healthz`)).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(
      /form-action 'self' https:\/\/www\.mercadopago\.com\.mx https:\/\/www\.mercadopago\.com https:\/\/sandbox\.mercadopago\.com\.mx;/,
    );
    expect(csp).not.toContain("127.0.0.1");

    const stubbed = await start({ MERCADOPAGO_API_BASE_URL: "http://127.0.0.1:4150/" });
    const stubCsp = (await fetch(`${stubbed}/healthz`)).headers.get("content-security-policy") ?? "";
    expect(stubCsp).toContain("https://sandbox.mercadopago.com.mx http://127.0.0.1:4150;");
  });
});
