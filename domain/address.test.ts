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
  it("prints the street with its colonia, then city, state and zip code", () => {
    expect(addressLines(address)).toEqual(["Calle 1, Col. Centro", "Puebla, Puebla, C.P. 72000"]);
    expect(addressLines({ ...address, colonia: null })[0]).toBe("Calle 1");
  });

  it("prints one line with the country, México when none is stored", () => {
    expect(addressLine(address)).toBe("Calle 1, Col. Centro, Puebla, Puebla, C.P. 72000, México");
    expect(addressLine({ ...address, colonia: null, country: "" })).toBe("Calle 1, Puebla, Puebla, C.P. 72000, México");
  });
});
