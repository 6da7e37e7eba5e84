import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lodge, SAMPLE_IMAGES, sampleCopy } from "./support/cli-harness.ts";
import { mainText } from "./support/site/page-text.ts";

const copy = sampleCopy();
afterAll(() => copy.cleanup());

describe("the lodge's number, shown with its name", () => {
  it("shows 'Riverside Lodge' of number 712 as 'Riverside Lodge No. 712' wherever the sample shows its name", async () => {
    const yaml = readFileSync(join(copy.data, "lodge.yaml"), "utf8")
      .replace("name: Hillcrest Lodge No. 586", "name: Riverside Lodge")
      .replace("number: 586", "number: 712");
    copy.write("lodge.yaml", yaml);
    const build = await lodge(copy.root, "build", "--images", SAMPLE_IMAGES);
    expect(build.stderr).toEqual([]);
    const page = (path: string) => readFileSync(join(copy.root, "dist", path), "utf8");
    const home = page("home/index.html");
    expect(home).toContain("<title>Riverside Lodge No. 712</title>");
    expect(mainText(home)).toContain("Riverside Lodge No. 712");
    const contact = page("contact-us/index.html");
    expect(contact).toContain("<title>Contact Us | Riverside Lodge No. 712</title>");
    expect(mainText(contact)).toContain("Contact the Brethren of Riverside Lodge No. 712");
    // The header and the footer of every page.
    expect(contact.match(/Riverside Lodge No\. 712/g)?.length).toBeGreaterThanOrEqual(5);
    expect(contact).not.toMatch(/Riverside Lodge(?! No\. 712)/);
    expect(page("calendar.ics")).toContain("X-WR-CALNAME:Riverside Lodge No. 712");
  }, 120_000);
});
