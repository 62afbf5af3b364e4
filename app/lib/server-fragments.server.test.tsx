import { describe, expect, it } from "vitest";
import { createFragmentRenderer, StaleFragmentError } from "./server-fragments.server.ts";

/** A fragment that counts its renders, so a test sees which uses rendered and which reused. */
function counted() {
  let renders = 0;
  function Card({ name, note }: { name: string; note?: string }) {
    renders++;
    return (
      <article>
        <h2>{name}</h2>
        {note ? <p>{note}</p> : null}
      </article>
    );
  }
  return { Card, renders: () => renders };
}

describe("server fragments", () => {
  it("renders a key once and writes the same HTML for every later use of it", () => {
    const { Card, renders } = counted();
    const render = createFragmentRenderer("on");
    const first = render("pikachu", <Card name="Pikachu & Eevee <3>" />);
    expect(first).toBe("<article><h2>Pikachu &amp; Eevee &lt;3&gt;</h2></article>");
    expect(render("pikachu", <Card name="Pikachu & Eevee <3>" />)).toBe(first);
    expect(renders()).toBe(1);
    expect(render("mew", <Card name="Mew" />)).toBe("<article><h2>Mew</h2></article>");
    expect(renders()).toBe(2);
  });

  it("keeps at most its limit, dropping the oldest key first", () => {
    const { Card, renders } = counted();
    const render = createFragmentRenderer("on", 2);
    render("a", <Card name="A" />);
    render("b", <Card name="B" />);
    render("c", <Card name="C" />);
    expect(renders()).toBe(3);
    render("c", <Card name="C" />);
    render("b", <Card name="B" />);
    expect(renders()).toBe(3);
    render("a", <Card name="A" />);
    expect(renders()).toBe(4);
  });

  it("in verify mode renders every use, and refuses a key whose render changed (a key missing an input)", () => {
    const { Card, renders } = counted();
    const render = createFragmentRenderer("verify");
    expect(render("k", <Card name="Mew" />)).toBe("<article><h2>Mew</h2></article>");
    expect(render("k", <Card name="Mew" />)).toBe("<article><h2>Mew</h2></article>");
    expect(renders()).toBe(2);
    expect(() => render("k", <Card name="Mew" note="En carrito (1)" />)).toThrow(StaleFragmentError);
  });
});
