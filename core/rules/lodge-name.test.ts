import { describe, expect, it } from "vitest";
import { lodgeNameWithNumber } from "./lodge-name.ts";

describe("the lodge's name with its number", () => {
  it("adds 'No. N' to a name without its number", () => {
    expect(lodgeNameWithNumber("Riverside Lodge", 712)).toBe("Riverside Lodge No. 712");
  });

  it("leaves a name that already carries its number, however written", () => {
    expect(lodgeNameWithNumber("Hillcrest Lodge No. 586", 586)).toBe("Hillcrest Lodge No. 586");
    expect(lodgeNameWithNumber("Lodge #712", 712)).toBe("Lodge #712");
    expect(lodgeNameWithNumber("712 Riverside", 712)).toBe("712 Riverside");
  });

  it("does not take another number, or the number inside a longer one, for its own", () => {
    expect(lodgeNameWithNumber("Riverside Lodge No. 7120", 712)).toBe(
      "Riverside Lodge No. 7120 No. 712",
    );
    expect(lodgeNameWithNumber("Century 21 Lodge", 5)).toBe("Century 21 Lodge No. 5");
  });
});
