import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sampleCopy } from "../test/support/cli-harness.ts";
import { generateSampleMedia } from "./sample-media.ts";

let sample: ReturnType<typeof sampleCopy>;
beforeEach(() => {
  sample = sampleCopy();
});
afterEach(() => sample.cleanup());

describe("generateSampleMedia", () => {
  it("draws the pictures and PDFs the lodge's data names and its folder lacks, keeping the others", async () => {
    const missing = [
      "images/officers/david-peterson.jpg",
      "images/jewels/worshipful-master.png",
      "images/events/brotherhood-night.jpg",
      "bulletins/hillcrest-2024-summer.pdf",
    ];
    for (const file of missing) rmSync(join(sample.data, file));
    const { written, errors } = await generateSampleMedia(sample.data, false);
    expect(errors).toEqual([]);
    expect(written).toBe(missing.length);
    for (const file of missing) expect(existsSync(join(sample.data, file))).toBe(true);
    const portrait = await sharp(join(sample.data, missing[0] ?? "")).metadata();
    expect([portrait.format, portrait.width, portrait.height]).toEqual(["jpeg", 400, 500]);
  });

  it("draws nothing for data with errors, and returns them as lodge validate lists them", async () => {
    sample.write("events.yaml", "- date: 2028/02/30 19:30\n  name: Stated Meeting\n");
    rmSync(join(sample.data, "images/officers/david-peterson.jpg"));
    const { written, errors } = await generateSampleMedia(sample.data, false);
    expect(written).toBe(0);
    expect(errors.map((p) => [p.entry, p.field, p.message])).toEqual([
      [
        "events[0] (2028/02/30 19:30 Stated Meeting)",
        "date",
        'February 2028 has 29 days, found "2028/02/30 19:30"',
      ],
    ]);
    expect(existsSync(join(sample.data, "images/officers/david-peterson.jpg"))).toBe(false);
  });
});
