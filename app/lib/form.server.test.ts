import { describe, expect, it } from "vitest";
import { enteredValues } from "./form.server";

describe("enteredValues", () => {
  it("gives back what was typed: text only, line breaks as the field holds them, a capped value never split inside a character", () => {
    const form = new FormData();
    form.set("references", "Portón azul\r\ntocar dos veces\r\n🚪");
    form.set("file", new File(["x"], "x.txt"));
    form.set("long", "a".repeat(9) + "🚪🚪");
    expect(enteredValues(form, ["references", "file", "missing"])).toEqual({
      references: "Portón azul\ntocar dos veces\n🚪",
      file: "",
      missing: "",
    });
    expect(enteredValues(form, ["long"], 10)).toEqual({ long: "a".repeat(9) + "🚪" });
  });
});
