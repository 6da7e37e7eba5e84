/** The sample's pictures as SVG, one kind each: photo, portrait, jewel, hero and logo. */
import type { MediaItem } from "./items.ts";
import {
  abstractShapes,
  compasses,
  hash,
  OFFICE_ABBREVIATIONS,
  officeEmblem,
  pavement,
  random,
  type SymbolName,
  symbol,
} from "./shapes.ts";

const PHOTO = { width: 1200, height: 800 } as const;

const PORTRAIT = { width: 400, height: 500 } as const;

const JEWEL = 200;

const HERO = { width: 1920, height: 800 } as const;

const LOGO = 512;

const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

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

export function photoSvg(item: MediaItem): Buffer {
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

export function portraitSvg(item: MediaItem): Buffer {
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

export function jewelSvg(item: MediaItem): Buffer {
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

export function heroSvg(): Buffer {
  const { width, height } = HERO;
  const body = [
    background(width, height, "navy", 20),
    pavement(width, height, 0.1),
    // No words: the page sets the lodge's name and banner over the picture in HTML.
    compasses(width / 2, 330, 360, "#f2c14e"),
  ];
  return svg(width, height, body.join(""));
}

export function logoSvg(item: MediaItem): Buffer {
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
