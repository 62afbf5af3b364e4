import { describe, expect, it } from "vitest";
import { withoutRulesFor } from "./first-paint";

describe("withoutRulesFor", () => {
  it("drops a rule whose every selector names a listed class, keeps the others in order", () => {
    const css = ".a{color:red}.gone{color:blue}.b,.gone x{margin:0}.gone:hover,.gone .c{top:0}.c{left:0}";
    expect(withoutRulesFor(css, ["gone"])).toBe(".a{color:red}.b{margin:0}.c{left:0}");
  });

  it("looks inside @media and drops it when empty; keeps @keyframes and @font-face whole", () => {
    const css =
      "@media (min-width:900px){.gone{a:b}.kept{c:d}}@media print{.gone{a:b}}@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:x}";
    expect(withoutRulesFor(css, ["gone"])).toBe(
      "@media (min-width:900px){.kept{c:d}}@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:x}",
    );
  });

  it("matches whole class names, and commas inside :is() or quotes do not split a selector", () => {
    const css = '.gone-not{a:b}:is(.x,.gone) p{c:d}[data-x="a,.gone"]{e:f}.y:not(.z,.w){g:h}';
    expect(withoutRulesFor(css, ["gone"])).toBe('.gone-not{a:b}[data-x="a,.gone"]{e:f}.y:not(.z,.w){g:h}');
  });
});
