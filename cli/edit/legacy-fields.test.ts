import { describe, expect, it } from "vitest";
import { knownKeys } from "../load/check.ts";
import { entrySchema, LEGACY_KINDS, renameFields } from "./legacy-fields.ts";

describe("the old site's kinds of content", () => {
  it("tells every kind apart: no kind's entries can carry all of another kind's signature", () => {
    for (const { kind } of LEGACY_KINDS) {
      const fields = new Set(knownKeys(entrySchema(kind)));
      const carried = LEGACY_KINDS.filter(
        (other) => other.kind !== kind && other.legacy.signature.every((f) => fields.has(f)),
      ).map((other) => other.kind);
      expect({ kind, carried }).toEqual({ kind, carried: [] });
    }
  });

  it("reads an old name, and a field of the schema written in another case, as lodge's field", () => {
    const { entries, renamings } = renameFields("events", [
      {
        Date: "2028/01/05 19:30",
        name: "Stated Meeting",
        RSVPExpirationTime: "21:00",
        isTyled: true,
        earlyBirdOption: { meals: ["Fish"], Cost: 12 },
      },
    ]);
    expect(entries).toEqual([
      {
        date: "2028/01/05 19:30",
        name: "Stated Meeting",
        rsvpExpirationTime: "21:00",
        tyled: true,
        earlyBirdOptions: { choices: ["Fish"], cost: 12 },
      },
    ]);
    expect(renamings.map((r) => `${r.from} > ${r.to}`)).toEqual([
      "Date > date",
      "RSVPExpirationTime > rsvpExpirationTime",
      "isTyled > tyled",
      "earlyBirdOption > earlyBirdOptions",
      "earlyBirdOptions.meals > earlyBirdOptions.choices",
      "earlyBirdOptions.Cost > earlyBirdOptions.cost",
    ]);
  });
});
