import { describe, expect, it } from "vitest";
import { circles, isProduct, relativeImports } from "./support/imports.ts";

/**
 * What the commands may take from the server: its use cases, the store's factory and its types,
 * and main.ts, the door through which `lodge serve` and `lodge dev` start it. Anything else a
 * command needs of the server is a use case waiting to be written (or a rule that belongs in core).
 */
const SERVER_DOORS = [
  /^server\/use-cases\/[^/]+\.ts$/,
  /^server\/store\/(store|open-store)\.ts$/,
  /^server\/main\.ts$/,
];

const all = relativeImports().filter(([file]) => isProduct(file));

describe("the house's boundaries", () => {
  it("the commands reach the server only through its use cases, the store's factory and main.ts", () => {
    const intoServer = all.filter(
      ([file, imported]) => file.startsWith("cli/") && imported.startsWith("server/"),
    );
    expect(intoServer.length).toBeGreaterThan(10);
    const strays = intoServer.filter(([, imported]) => !SERVER_DOORS.some((d) => d.test(imported)));
    expect(strays.map(([file, imported]) => `${file} imports ${imported}`)).toEqual([]);
  });

  it("core imports nothing of the command, the server or the site", () => {
    const strays = all.filter(
      ([file, imported]) => file.startsWith("core/") && !imported.startsWith("core/"),
    );
    expect(strays.map(([file, imported]) => `${file} imports ${imported}`)).toEqual([]);
  });

  it("no product module loads one that loads it back, however far round", () => {
    const loads = relativeImports(true).filter(
      ([file, imported]) => isProduct(file) && !file.startsWith("test/") && isProduct(imported),
    );
    expect(loads.length).toBeGreaterThan(500);
    expect(circles(loads)).toEqual([]);
    // The walk finds a circle where there is one.
    const [circle, ...more] = circles([
      ...loads,
      ["server/store/holds.ts", "server/store/rsvps.ts"],
    ]);
    expect(more).toEqual([]);
    expect(circle).toEqual(
      expect.arrayContaining(["server/store/holds.ts", "server/store/rsvps.ts"]),
    );
  });
});
