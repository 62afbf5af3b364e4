import { describe, expect, it } from "vitest";
import { addressLine, addressLines } from "./address";

const address = {
  street: "Calle 1",
  colonia: "Centro",
  city: "Puebla",
  state: "Puebla",
  zipCode: "72000",
  country: "México",
  references: null,
};

describe("addresses", () => {
  it("prints the street with its colonia, then the zip code before the city and the state (as Mexican carriers do)", () => {
    expect(addressLines(address)).toEqual(["Calle 1, Col. Centro", "C.P. 72000, Puebla, Puebla"]);
    expect(addressLines({ ...address, colonia: null })[0]).toBe("Calle 1");
  });

  it("prints one line with the country, México when none is stored", () => {
    expect(addressLine(address)).toBe("Calle 1, Col. Centro, C.P. 72000, Puebla, Puebla, México");
    expect(addressLine({ ...address, colonia: null, country: "" })).toBe("Calle 1, C.P. 72000, Puebla, Puebla, México");
  });
});
