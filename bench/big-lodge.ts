/**
 * A lodge `factor` times the sample's size, for measuring how build time grows with content:
 * events, outings, past masters, bulletins, albums (with their pictures) and recent events are
 * repeated with new dates, names and folders; lodge.yaml, officers and pages stay as they are.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { canonicalDateText } from "../core/rules/time.ts";

type Entry = Record<string, unknown>;

const shiftYear = (text: string, years: number) =>
  text.replace(/^(\d{4})/, (y) => String(Number(y) + years));

export function makeBigLodge(
  sample: string,
  target: string,
  factor: number,
  guestLimit?: number,
): void {
  cpSync(sample, target, { recursive: true });
  const read = (file: string) => parse(readFileSync(join(target, file), "utf8")) as Entry[];
  const write = (file: string, value: unknown) =>
    writeFileSync(join(target, file), stringify(value, { lineWidth: 0 }));
  const copies = Array.from({ length: factor }, (_, i) => i);

  // Events: each copy moves 10 years on, so dates stay unique and some stay in the future.
  const events = read("events.yaml");
  write(
    "events.yaml",
    copies.flatMap((i) =>
      events.map((e) => ({
        ...e,
        date: shiftYear(canonicalDateText(String(e.date)), i * 10),
        id: undefined,
      })),
    ),
  );
  const outings = read("social-events.yaml");
  write(
    "social-events.yaml",
    copies.flatMap((i) => outings.map((o) => ({ ...o, date: shiftYear(String(o.date), i * 10) }))),
  );
  const bulletins = parse(readFileSync(join(target, "bulletins.yaml"), "utf8")) as {
    current: string;
    past: Entry[];
  };
  write("bulletins.yaml", {
    ...bulletins,
    past: copies.flatMap((i) =>
      bulletins.past.map((b) => ({ ...b, year: Number(b.year) + i * 10 })),
    ),
  });

  // Albums: every copy gets its own folder (a copy of the pictures), so the gallery grows too.
  const albums = read("albums.yaml");
  const albumNames = readdirSync(join(target, "albums"));
  for (const i of copies.slice(1)) {
    for (const name of albumNames)
      cpSync(join(target, "albums", name), join(target, "albums", `${name}-${i}`), {
        recursive: true,
      });
  }
  write(
    "albums.yaml",
    copies.flatMap((i) =>
      albums.map((a) => ({
        ...a,
        albumName: i === 0 ? a.albumName : `${a.albumName}-${i}`,
        title: i === 0 ? a.title : `${a.title} (${i})`,
      })),
    ),
  );
  const recent = read("recent-events.yaml");
  write(
    "recent-events.yaml",
    copies.flatMap((i) =>
      recent.map((r) => ({
        ...r,
        albumName: i === 0 ? r.albumName : `${r.albumName}-${i}`,
        eventName: `${r.eventName}${i ? ` (${i})` : ""}`,
      })),
    ),
  );

  // Past masters: each list repeated with later terms.
  for (const file of readdirSync(join(target, "past-masters"))) {
    const [header, ...rows] = readFileSync(join(target, "past-masters", file), "utf8")
      .trimEnd()
      .split("\n");
    const more = copies
      .slice(1)
      .flatMap((i) =>
        rows.map((row) =>
          row.replace(/\b(1[89]\d\d|20\d\d)\b/g, (y) => String(Number(y) + i * 200)),
        ),
      );
    writeFileSync(join(target, "past-masters", file), `${[header, ...rows, ...more].join("\n")}\n`);
  }
  if (guestLimit) {
    const lodge = readFileSync(join(target, "lodge.yaml"), "utf8");
    writeFileSync(
      join(target, "lodge.yaml"),
      lodge.replace(/^guestLimit: \d+/m, `guestLimit: ${guestLimit}`),
    );
  }
}
