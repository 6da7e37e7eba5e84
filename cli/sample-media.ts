#!/usr/bin/env node
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { ALBUM_COVER, MEDIA_FOLDERS, SITE_IMAGES } from "../core/rules/media.ts";
import { type MediaReference, mediaReferences } from "../core/rules/media-references.ts";
import { albumNameParts, type LodgeData } from "../core/schemas/index.ts";
/**
 * Generates the sample lodge's media: every picture and PDF its data files name, drawn from SVG
 * (gradients, geometric shapes, large labels, Masonic symbols; never people) so the sample is
 * complete without shipping photographs. It reads the data as every command does (loadData) and
 * finds the files it names by the entity table's media fields, so it stays right when the data
 * or the fields change; files that already exist are kept unless --force is given.
 *
 *   node cli/sample-media.ts [DATA_DIR] [--force]
 */
import { PLACEHOLDER_DOCUMENT } from "./init/placeholders.ts";
import { loadData } from "./load/load-data.ts";
import { formatProblem, type Problem, sortProblems } from "./load/problems.ts";

type Kind = "photo" | "portrait" | "jewel" | "hero" | "logo" | "pdf";

interface MediaItem {
  /** Path relative to the data folder. */
  file: string;
  kind: Kind;
  /** The large label drawn on the picture or the PDF's title line. */
  label: string;
  /** A smaller second line. */
  sub: string;
  /** Extra text used only to choose colours and symbols. */
  hint?: string;
}

const PHOTO = { width: 1200, height: 800 } as const;
const PORTRAIT = { width: 400, height: 500 } as const;
const JEWEL = 200;
const HERO = { width: 1920, height: 800 } as const;
const LOGO = 512;
const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

// ---------------------------------------------------------------------------------- reading

/** A file name the data gives, or undefined for an empty value or an address on another host. */
function localName(value: string): string | undefined {
  if (value === "" || /^[a-z]+:\/\//i.test(value) || value.startsWith("//")) return undefined;
  const normal = path.posix.normalize(value.replace(/^\/+/, ""));
  return normal === "." || normal.startsWith("..") ? undefined : normal;
}

/** What an album's photos are named after: its folder's name without the date. */
function albumSlug(albumName: string): string {
  return (albumNameParts(albumName)?.rest ?? albumName) || "photo";
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** What to draw for a file the data names, by the entity and field that name it. */
function drawing(
  { entity, kind, path: at, entry }: MediaReference,
  lodgeName: string,
): Omit<MediaItem, "file"> {
  const field = (key: string) => text(entry[key]);
  switch (entity) {
    case "lodge":
      return kind === "media"
        ? { kind: "pdf", label: "Petition for the Degrees of Freemasonry", sub: lodgeName }
        : { kind: "portrait", label: "", sub: "No photo" };
    case "events":
      return { kind: "photo", label: field("name"), sub: field("date").slice(0, 10) };
    case "officers":
      return kind === "jewels"
        ? { kind: "jewel", label: field("office"), sub: "" }
        : { kind: "portrait", label: field("name"), sub: field("office") };
    case "pastMasters": {
      const number = Number(entry.number);
      const term = field("term");
      return {
        kind: "portrait",
        label: field("name"),
        sub: number > 0 ? `No. ${number}, ${term}` : term,
      };
    }
    case "history":
      return { kind: "photo", label: field("year"), sub: field("imageCaption"), hint: "history" };
    case "socialEvents":
      return { kind: "photo", label: field("name"), sub: field("location"), hint: "social" };
    case "pages":
      return { kind: "photo", label: field("heading") || field("title"), sub: "", hint: "page" };
    case "bulletins":
      return {
        kind: "pdf",
        label: `${lodgeName} Bulletin`,
        sub: at[0] === "past" ? `${field("displayName")} ${field("year")}`.trim() : "Current issue",
      };
    default:
      return { kind: "photo", label: field("name") || field("title"), sub: "" };
  }
}

/** Every file the data names, each once, with what to draw on it. */
export function collectMedia(data: LodgeData): MediaItem[] {
  const items = new Map<string, MediaItem>();
  const add = (dir: string, name: string, item: Omit<MediaItem, "file">) => {
    const local = localName(name);
    if (local === undefined) return;
    const file = path.posix.join(dir, local);
    if (!items.has(file)) items.set(file, { file, ...item });
  };

  const { lodge } = data;
  const lodgeName = lodge.name || "Our Lodge";
  const place = [lodge.address.city, lodge.address.state].filter(Boolean).join(", ");
  const since = lodge.charterDate.slice(0, 4);
  add(MEDIA_FOLDERS.site, SITE_IMAGES.hero, {
    kind: "hero",
    label: lodgeName,
    sub: [place && `Freemasonry in ${place}`, since && `since ${since}`].filter(Boolean).join(" "),
  });
  add(MEDIA_FOLDERS.site, SITE_IMAGES.logo, { kind: "logo", label: lodgeName, sub: "" });

  // The albums' pictures are drawn below, a whole album at a time.
  for (const reference of mediaReferences(data)) {
    if (reference.kind === "albums") continue;
    add(reference.folder, reference.file, drawing(reference, lodgeName));
  }

  // Albums: every album of the gallery and every album a recent event names gets a cover and
  // four to eight photos; the photos a recent event names are among them.
  const albums = new Map<string, { title: string; photos: string[] }>();
  const album = (name: string, title: string) => {
    const local = localName(name);
    if (local === undefined || local.includes("/")) return undefined;
    let found = albums.get(local);
    if (!found) {
      found = { title, photos: [] };
      albums.set(local, found);
    }
    return found;
  };
  for (const entry of data.albums) album(entry.albumName, entry.title);
  for (const entry of data.recentEvents) {
    const found = album(entry.albumName, entry.eventName);
    for (const url of entry.imageUrls) {
      if (localName(url) && !found?.photos.includes(url)) found?.photos.push(url);
    }
  }
  for (const [name, found] of albums) {
    const slug = albumSlug(name);
    const wanted = Math.min(8, Math.max(found.photos.length, 4 + (hash(name) % 3)));
    for (let n = 1; found.photos.length < wanted; n++) {
      const photo = `${slug}-${String(n).padStart(2, "0")}.jpg`;
      if (!found.photos.includes(photo)) found.photos.push(photo);
    }
    const dir = path.posix.join(MEDIA_FOLDERS.albums, name);
    add(dir, ALBUM_COVER, { kind: "photo", label: found.title, sub: "Album", hint: name });
    found.photos.forEach((photo, index) => {
      add(dir, photo, {
        kind: "photo",
        label: found.title,
        sub: `Photo ${index + 1} of ${found.photos.length}`,
        hint: name,
      });
    });
  }
  return [...items.values()];
}

// ---------------------------------------------------------------------------------- drawing

/** FNV-1a: the same name always gets the same colours and shapes. */
function hash(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function random(seed: number): () => number {
  let state = seed || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

const PALETTES = {
  navy: ["#0b1d3a", "#24487f"],
  gold: ["#5c430c", "#d9a82b"],
  red: ["#5e0b0b", "#c0392b"],
  burgundy: ["#3d0a17", "#8c1c3a"],
  summerGreen: ["#1d4d2b", "#8cc63f"],
  blue: ["#0d2c54", "#3f7cc0"],
  teal: ["#0b3c3f", "#2a9d8f"],
  purple: ["#2c1548", "#7b4fa6"],
  slate: ["#1f2933", "#61748a"],
  sepia: ["#3b2a1a", "#b08d5b"],
  sunset: ["#6d2e46", "#e9825a"],
} as const;
type Palette = keyof typeof PALETTES;
type SymbolName = "compasses" | "candles" | "flames" | "glasses" | "star" | "rings" | "abstract";

const THEMES: [RegExp, Palette, SymbolName][] = [
  [/brotherhood|candle|memorial|clergy/, "navy", "candles"],
  [/steak|roast|cookout|picnic|grill/, "summerGreen", "flames"],
  [/table.lodge|toast/, "burgundy", "glasses"],
  [/award/, "red", "star"],
  [/install|charter|officer/, "gold", "compasses"],
  [/merger|consolidat/, "teal", "rings"],
  [/degree|apprentice|fellowcraft|master mason|past.master/, "blue", "compasses"],
];

function theme(item: MediaItem): { palette: Palette; symbol: SymbolName } {
  const key = `${item.file} ${item.label} ${item.hint ?? ""}`.toLowerCase();
  for (const [pattern, palette, symbol] of THEMES) {
    if (pattern.test(key)) return { palette, symbol };
  }
  if (item.hint === "history") return { palette: "sepia", symbol: "compasses" };
  if (item.hint === "page") return { palette: "blue", symbol: "compasses" };
  const names = Object.keys(PALETTES) as Palette[];
  const h = hash(item.file);
  const palette = names[h % names.length] ?? "slate";
  return { palette, symbol: item.hint === "social" || h % 2 === 0 ? "abstract" : "compasses" };
}

function escapeXml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

function wrap(value: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]}…`;
  }
  return lines;
}

function textLines(
  lines: string[],
  x: number,
  y: number,
  size: number,
  fill: string,
  weight = "bold",
): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * size * 1.15}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join("");
}

const f = (n: number) => Number(n.toFixed(1));

/** The square and compasses, drawn with lines, centred on (x, y) and `s` wide. */
function compasses(x: number, y: number, s: number, color: string): string {
  const w = f(s * 0.06);
  return `<g fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round">
<path d="M${f(x - s * 0.42)} ${f(y + s * 0.45)} L${x} ${f(y - s * 0.45)} L${f(x + s * 0.42)} ${f(y + s * 0.45)}"/>
<path d="M${f(x - s * 0.5)} ${f(y - s * 0.02)} L${x} ${f(y + s * 0.42)} L${f(x + s * 0.5)} ${f(y - s * 0.02)}"/>
<circle cx="${x}" cy="${f(y - s * 0.45)}" r="${f(s * 0.05)}" fill="${color}"/></g>`;
}

function candles(x: number, y: number, s: number): string {
  return [-1, 0, 1]
    .map((i) => {
      const cx = x + i * s * 0.34;
      const h = s * (i === 0 ? 0.62 : 0.5);
      const top = y + s * 0.45 - h;
      return `<circle cx="${f(cx)}" cy="${f(top - s * 0.1)}" r="${f(s * 0.16)}" fill="#ffd27a" opacity="0.18"/>
<rect x="${f(cx - s * 0.08)}" y="${f(top)}" width="${f(s * 0.16)}" height="${f(h)}" rx="${f(s * 0.02)}" fill="#f4ecd8"/>
<path d="M${f(cx)} ${f(top - s * 0.2)} Q${f(cx + s * 0.06)} ${f(top - s * 0.06)} ${f(cx)} ${f(top - s * 0.01)} Q${f(cx - s * 0.06)} ${f(top - s * 0.06)} ${f(cx)} ${f(top - s * 0.2)} Z" fill="#ffb627"/>`;
    })
    .join("");
}

function flames(x: number, y: number, s: number): string {
  return [-2, -1, 0, 1, 2]
    .map((i) => {
      const cx = x + i * s * 0.2;
      const h = s * (0.7 - Math.abs(i) * 0.12);
      const w = s * 0.12;
      const base = y + s * 0.4;
      const color = i % 2 === 0 ? "#ff8c1a" : "#ffcc33";
      return `<path d="M${f(cx)} ${f(base - h)} Q${f(cx + w)} ${f(base - h * 0.35)} ${f(cx)} ${f(base)} Q${f(cx - w)} ${f(base - h * 0.35)} ${f(cx)} ${f(base - h)} Z" fill="${color}" opacity="0.9"/>`;
    })
    .join("");
}

function glasses(x: number, y: number, s: number, color: string): string {
  let out = "";
  for (let i = -3; i <= 3; i++) {
    const cx = x + i * s * 0.26;
    const w = s * 0.08;
    const top = y - s * 0.25;
    out += `<path d="M${f(cx - w)} ${f(top)} L${f(cx + w)} ${f(top)} Q${f(cx + w)} ${y} ${f(cx)} ${y} Q${f(cx - w)} ${y} ${f(cx - w)} ${f(top)} Z" fill="${color}" opacity="0.85"/>
<path d="M${f(cx)} ${y} L${f(cx)} ${f(y + s * 0.2)} M${f(cx - w * 0.8)} ${f(y + s * 0.2)} L${f(cx + w * 0.8)} ${f(y + s * 0.2)}" stroke="${color}" stroke-width="${f(s * 0.02)}"/>`;
  }
  return out;
}

function star(x: number, y: number, s: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? s * 0.4 : s * 0.16;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${f(x + r * Math.cos(a))},${f(y - s * 0.08 + r * Math.sin(a))}`);
  }
  return `<path d="M${f(x - s * 0.1)} ${f(y + s * 0.1)} L${f(x - s * 0.25)} ${f(y + s * 0.55)} L${f(x - s * 0.12)} ${f(y + s * 0.48)} L${f(x - s * 0.05)} ${f(y + s * 0.6)} L${f(x + s * 0.02)} ${f(y + s * 0.12)} Z" fill="#f4ecd8" opacity="0.8"/>
<path d="M${f(x + s * 0.1)} ${f(y + s * 0.1)} L${f(x + s * 0.25)} ${f(y + s * 0.55)} L${f(x + s * 0.12)} ${f(y + s * 0.48)} L${f(x + s * 0.05)} ${f(y + s * 0.6)} L${f(x - s * 0.02)} ${f(y + s * 0.12)} Z" fill="#f4ecd8" opacity="0.6"/>
<polygon points="${points.join(" ")}" fill="#f2c14e"/>`;
}

function rings(x: number, y: number, s: number, color: string): string {
  const w = f(s * 0.05);
  return `<circle cx="${f(x - s * 0.18)}" cy="${y}" r="${f(s * 0.3)}" fill="none" stroke="${color}" stroke-width="${w}"/>
<circle cx="${f(x + s * 0.18)}" cy="${y}" r="${f(s * 0.3)}" fill="none" stroke="${color}" stroke-width="${w}"/>`;
}

function abstractShapes(width: number, height: number, next: () => number): string {
  let out = "";
  for (let i = 0; i < 4; i++) {
    const x = f(next() * width);
    const y = f(next() * height);
    const r = f(40 + next() * height * 0.35);
    const opacity = (0.06 + next() * 0.12).toFixed(2);
    if (i % 3 === 2) {
      out += `<polygon points="${x},${f(y - r)} ${f(x + r)},${f(y + r * 0.7)} ${f(x - r)},${f(y + r * 0.7)}" fill="#ffffff" opacity="${opacity}"/>`;
    } else if (i % 3 === 1) {
      out += `<rect x="${f(x - r / 2)}" y="${f(y - r / 2)}" width="${r}" height="${r}" fill="#ffffff" opacity="${opacity}" transform="rotate(${Math.round(next() * 90)} ${x} ${y})"/>`;
    } else {
      out += `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" opacity="${opacity}"/>`;
    }
  }
  return out;
}

/** The black-and-white mosaic pavement of a lodge room, in perspective, along the bottom. */
function pavement(width: number, height: number, opacity: number): string {
  const rows = 5;
  const cols = 16;
  const top = height * 0.68;
  let out = "";
  for (let r = 0; r < rows; r++) {
    const y0 = top + ((height - top) * r) / rows;
    const y1 = top + ((height - top) * (r + 1)) / rows;
    const spread = (y: number) => 0.55 + (0.45 * (y - top)) / (height - top);
    for (let c = 0; c < cols; c++) {
      if ((r + c) % 2 === 1) continue;
      const cx = (x: number, y: number) => f(width / 2 + (x - width / 2) * spread(y) * 1.3);
      const xa = (width * c) / cols;
      const xb = (width * (c + 1)) / cols;
      out += `<polygon points="${cx(xa, y0)},${f(y0)} ${cx(xb, y0)},${f(y0)} ${cx(xb, y1)},${f(y1)} ${cx(xa, y1)},${f(y1)}" fill="#ffffff" opacity="${opacity}"/>`;
    }
  }
  return out;
}

function symbol(name: SymbolName, x: number, y: number, s: number, next: () => number): string {
  switch (name) {
    case "compasses":
      return compasses(x, y, s, "#f2c14e");
    case "candles":
      return candles(x, y, s);
    case "flames":
      return flames(x, y, s);
    case "glasses":
      return glasses(x, y, s, "#f4ecd8");
    case "star":
      return star(x, y, s);
    case "rings":
      return rings(x, y, s, "#f2c14e");
    case "abstract":
      return compasses(x, y, s * (0.5 + next() * 0.3), "#ffffff");
  }
}

function background(width: number, height: number, palette: Palette, angle: number): string {
  const [from, to] = PALETTES[palette];
  return `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.4" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/>
<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/><rect width="${width}" height="${height}" fill="url(#glow)"/>`;
}

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

function photoSvg(item: MediaItem): Buffer {
  const { width, height } = PHOTO;
  const next = random(hash(item.file));
  const { palette, symbol: name } = theme(item);
  const isYear = /^\d{4}$|^Today$/.test(item.label);
  const label = wrap(item.label, isYear ? 10 : 22, 2);
  const size = isYear ? 150 : label.length > 1 ? 76 : 88;
  const body = [
    background(width, height, palette, Math.round(next() * 90)),
    abstractShapes(width, height, next),
    item.hint === "history" ? pavement(width, height, 0.12) : "",
    isYear ? symbol(name, width / 2, 230, 240, next) : symbol(name, width / 2, 270, 300, next),
    textLines(label, width / 2, 530, size, "#ffffff"),
    textLines(
      wrap(item.sub, 48, 1),
      width / 2,
      530 + label.length * size * 1.15,
      36,
      "#f4ecd8",
      "normal",
    ),
  ];
  return svg(width, height, body.join(""));
}

function portraitSvg(item: MediaItem): Buffer {
  const { width, height } = PORTRAIT;
  const next = random(hash(item.file));
  const palettes: Palette[] = ["slate", "navy", "sepia", "blue", "teal", "purple"];
  const palette = palettes[hash(item.file) % palettes.length] ?? "slate";
  const name = wrap(item.label, 18, 2);
  const body = [
    background(width, height, palette, 60 + Math.round(next() * 60)),
    `<ellipse cx="200" cy="170" rx="120" ry="140" fill="#ffffff" fill-opacity="0.08" stroke="#f2c14e" stroke-width="6"/>`,
    compasses(200, 170, 130, "#f2c14e"),
    textLines(["Portrait"], 200, 372, 52, "#ffffff"),
    textLines(name, 200, 418, 28, "#f4ecd8"),
    textLines(wrap(item.sub, 30, 1), 200, 418 + name.length * 32 + 6, 20, "#f4ecd8", "normal"),
  ];
  return svg(width, height, body.join(""));
}

/** The emblem of an office, as the jewel its officer wears. */
function officeEmblem(office: string, c: string): string {
  const line = (d: string, w = 7) =>
    `<path d="${d}" fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const o = office.toLowerCase();
  if (o.includes("worshipful master")) return line("M60 60 L60 130 L130 130");
  if (o.includes("senior warden")) {
    return (
      line("M55 130 L145 130 M100 60 L60 130 M100 60 L140 130 M100 60 L100 118") +
      `<circle cx="100" cy="122" r="6" fill="${c}"/>`
    );
  }
  if (o.includes("junior warden")) {
    return `${line("M85 50 L85 140 L115 140 L115 50 Z")}${line("M100 55 L100 122", 3)}<circle cx="100" cy="126" r="6" fill="${c}"/>`;
  }
  if (o.includes("deacon")) {
    const heavenly = o.includes("senior")
      ? `<circle cx="100" cy="98" r="11" fill="${c}"/>`
      : `<path d="M106 86 A13 13 0 1 0 106 110 A10 10 0 1 1 106 86 Z" fill="${c}"/>`;
    return `${compasses(100, 95, 100, c)}${heavenly}`;
  }
  if (o.includes("secretary")) {
    return (
      line("M60 140 L140 55 M140 140 L60 55") +
      `<ellipse cx="130" cy="66" rx="8" ry="22" transform="rotate(45 130 66)" fill="${c}"/>
<ellipse cx="70" cy="66" rx="8" ry="22" transform="rotate(-45 70 66)" fill="${c}"/>`
    );
  }
  if (o.includes("treasurer")) {
    return (
      line("M70 130 L130 70 M130 130 L70 70 M120 80 L128 88 M80 80 L72 88", 6) +
      `<circle cx="62" cy="138" r="11" fill="none" stroke="${c}" stroke-width="6"/>
<circle cx="138" cy="138" r="11" fill="none" stroke="${c}" stroke-width="6"/>`
    );
  }
  if (o.includes("chaplain") || o.includes("education")) {
    const book = line(
      "M100 80 Q80 68 55 74 L55 132 Q80 126 100 138 Q120 126 145 132 L145 74 Q120 68 100 80 Z M100 80 L100 138",
      5,
    );
    return o.includes("education")
      ? `${book}<path d="M100 42 Q108 56 100 66 Q92 56 100 42 Z" fill="${c}"/>`
      : book;
  }
  if (o.includes("steward")) {
    return line("M60 70 Q62 130 120 132 Q138 120 142 92 Q110 110 80 74 Z M142 92 L150 72", 6);
  }
  if (o.includes("marshal")) return line("M62 138 L138 62 M138 138 L62 62", 10);
  if (o.includes("tyler")) return line("M100 45 L100 150 M78 122 L122 122 M100 150 L100 158", 7);
  return compasses(100, 95, 100, c);
}

/** Short names of the one-word offices; the others are abbreviated by their initials. */
const OFFICE_ABBREVIATIONS: Record<string, string> = {
  Secretary: "SEC",
  Treasurer: "TREAS",
  Chaplain: "CHAP",
  Marshal: "MAR",
  Tyler: "TYL",
};

function jewelSvg(item: MediaItem): Buffer {
  const initials =
    OFFICE_ABBREVIATIONS[item.label] ??
    item.label
      .split(/\s+/)
      .map((word) => word[0] ?? "")
      .join("")
      .toUpperCase();
  const body = [
    `<circle cx="100" cy="100" r="94" fill="#13294b"/>`,
    `<circle cx="100" cy="100" r="88" fill="none" stroke="#d9a82b" stroke-width="6"/>`,
    officeEmblem(item.label, "#e8e8ef"),
    textLines([initials], 100, 178, 20, "#f2c14e"),
  ];
  return svg(JEWEL, JEWEL, body.join(""));
}

function heroSvg(): Buffer {
  const { width, height } = HERO;
  const body = [
    background(width, height, "navy", 20),
    pavement(width, height, 0.1),
    // No words: the page sets the lodge's name and banner over the picture in HTML.
    compasses(width / 2, 330, 360, "#f2c14e"),
  ];
  return svg(width, height, body.join(""));
}

function logoSvg(item: MediaItem): Buffer {
  const number = /No\.\s*(\d+)/.exec(item.label)?.[1] ?? "";
  const name = item.label.replace(/\s*Lodge.*$/, "").toUpperCase();
  const body = [
    `<circle cx="256" cy="256" r="248" fill="#13294b"/>`,
    `<circle cx="256" cy="256" r="232" fill="none" stroke="#d9a82b" stroke-width="12"/>`,
    compasses(256, 250, 230, "#f2c14e"),
    `<text x="256" y="272" font-family="${FONT}" font-size="56" font-weight="bold" fill="#f2c14e" text-anchor="middle">G</text>`,
    textLines([name], 256, 112, name.length > 12 ? 34 : 44, "#ffffff"),
    textLines([number ? `No. ${number}` : "F. &amp; A.M."], 256, 430, 40, "#ffffff"),
  ];
  return svg(LOGO, LOGO, body.join(""));
}

// ---------------------------------------------------------------------------------- PDF

function pdfString(value: string): string {
  const ascii = value.normalize("NFKD").replace(/[^\x20-\x7e]/g, "");
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A one-page PDF with a title line and a second line, written byte by byte. */
export function tinyPdf(
  title: string,
  sub: string,
  note = "Sample document generated for the demonstration lodge.",
): Buffer {
  const content = [
    "BT /F1 24 Tf 72 700 Td",
    `${pdfString(title)} Tj`,
    "0 -32 Td /F1 14 Tf",
    `${pdfString(sub)} Tj`,
    "0 -24 Td /F1 11 Tf",
    `${pdfString(note)} Tj ET`,
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

// ---------------------------------------------------------------------------------- output

async function render(item: MediaItem, placeholder: boolean): Promise<Buffer> {
  switch (item.kind) {
    case "pdf":
      return placeholder
        ? tinyPdf(item.label, item.sub, PLACEHOLDER_DOCUMENT)
        : tinyPdf(item.label, item.sub);
    case "photo":
      return sharp(photoSvg(item)).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
    case "portrait":
      return sharp(portraitSvg(item)).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
    case "hero":
      return sharp(heroSvg()).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
    case "jewel":
      return sharp(jewelSvg(item)).png({ palette: true, compressionLevel: 9 }).toBuffer();
    case "logo":
      return sharp(logoSvg(item)).png({ palette: true, compressionLevel: 9 }).toBuffer();
  }
}

/**
 * Draws every media file the lodge in `dataDir` names and lacks (all of them with `force`). Data
 * with errors draws nothing: its errors are returned instead (lodge validate says the same).
 */
export async function generateSampleMedia(
  dataDir: string,
  force: boolean,
  /** A new lodge's (lodge init): its documents say they are placeholders to replace. */
  placeholder = false,
): Promise<{ written: number; skipped: number; bytes: number; errors: Problem[] }> {
  const { data, problems } = loadData(dataDir);
  const errors = sortProblems(problems).filter((p) => p.severity === "error");
  if (!data) return { written: 0, skipped: 0, bytes: 0, errors };
  const items = collectMedia(data);
  let written = 0;
  let skipped = 0;
  let bytes = 0;
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const target = path.join(dataDir, item.file);
      if (!force && existsSync(target)) {
        skipped++;
        continue;
      }
      const data = await render(item, placeholder);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, data);
      written++;
      bytes += data.length;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { written, skipped, bytes, errors };
}

async function main(argv: string[]): Promise<void> {
  const force = argv.includes("--force");
  const unknown = argv.filter((arg) => arg.startsWith("-") && arg !== "--force");
  const dataDir = argv.find((arg) => !arg.startsWith("-")) ?? "data";
  if (unknown.length > 0 || !existsSync(dataDir) || !statSync(dataDir).isDirectory()) {
    const why =
      unknown.length > 0 ? `unknown option ${unknown.join(", ")}` : `${dataDir} is not a folder`;
    console.error(`Cannot generate sample media: ${why}.`);
    console.error("Usage: node cli/sample-media.ts [DATA_DIR] [--force]");
    process.exitCode = 1;
    return;
  }
  const { written, skipped, bytes, errors } = await generateSampleMedia(dataDir, force);
  if (errors.length > 0) {
    for (const problem of errors) console.error(formatProblem(problem));
    console.error(
      `Cannot generate sample media: ${dataDir} has errors (listed above); fix them first.`,
    );
    process.exitCode = 1;
    return;
  }
  const size = `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `Sample media in ${dataDir}: ${written} files written (${size}), ${skipped} already present${force ? "" : " and kept"}.`,
  );
}

if (import.meta.main) {
  await main(process.argv.slice(2));
}
