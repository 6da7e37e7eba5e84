import { describe, expect, it } from "vitest";
import { sampleData } from "../../test/support/api-harness.ts";
import { cspDirectives } from "./csp.ts";

describe("the content security policy", () => {
  it("lets the pages call the API only on this site while lodge.yaml names no other API address", () => {
    expect(cspDirectives(sampleData())["connect-src"]).toEqual(["'self'"]);
  });

  it("lets the pages call the API address lodge.yaml names", () => {
    const data = sampleData();
    const other = { ...data, lodge: { ...data.lodge, apiBase: "https://api.example.org/lodge" } };
    expect(cspDirectives(other)["connect-src"]).toEqual(["'self'", "https://api.example.org"]);
  });
});
