import { describe, expect, it } from "vitest";
import { relativeImports as imports, isProduct } from "./support/imports.ts";

describe("the shared test library", () => {
  it("is test/support/: nothing else under test/ is imported, and the product imports none of it", () => {
    const all = imports();
    expect(all.some(([, imported]) => imported.startsWith("test/support/"))).toBe(true);
    const strays = all.filter(
      ([, imported]) => imported.startsWith("test/") && !imported.startsWith("test/support/"),
    );
    expect(strays.map(([file, imported]) => `${file} imports ${imported}`)).toEqual([]);
    const product = all.filter(
      ([file, imported]) =>
        /^(cli|core|server|site\/app)\//.test(file) &&
        isProduct(file) &&
        imported.startsWith("test/"),
    );
    expect(product.map(([file, imported]) => `${file} imports ${imported}`)).toEqual([]);
  });
});
