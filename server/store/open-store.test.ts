import { describe, expect, it } from "vitest";
import { openStore, reopeningStore } from "./open-store.ts";
import { StoreUnavailableError } from "./store.ts";

describe("a store opened again until it opens", () => {
  it("refuses every call until the database opens, tries at most once per interval, then is the store", async () => {
    let time = 0;
    let attempts = 0;
    let full = true;
    const store = reopeningStore(
      () => {
        attempts += 1;
        if (full) throw new StoreUnavailableError("the database cannot be used: disk I/O error");
        return openStore(":memory:");
      },
      () => time,
      5000,
    );
    await expect(store.mailCounts()).rejects.toThrow(StoreUnavailableError);
    await expect(store.listEventRsvps()).rejects.toThrow("disk I/O error");
    expect(attempts).toBe(1);
    full = false;
    time += 4999;
    await expect(store.attendeeCounts()).rejects.toThrow(StoreUnavailableError);
    expect(store.opened).toBe(false);
    time += 1;
    expect(await store.mailCounts()).toEqual({ pending: 0, sent: 0, failed: 0 });
    expect(store.opened).toBe(true);
    expect(attempts).toBe(2);
    await store.close();
  });

  it("passes on unchanged an error that is not the store being unavailable", async () => {
    const store = reopeningStore(() => {
      throw new Error("var/lodge.db has schema version 99");
    });
    await expect(store.mailCounts()).rejects.toThrow("schema version 99");
    await store.close();
  });
});
