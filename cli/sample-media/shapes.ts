/** The shapes and Masonic symbols the sample's pictures are drawn with, as SVG, and the seed that picks them. */

/** FNV-1a: the same name always gets the same colours and shapes. */
export function hash(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function random(seed: number): () => number {
  let state = seed || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

export type SymbolName =
  | "compasses"
  | "candles"
  | "flames"
  | "glasses"
  | "star"
  | "rings"
  | "abstract";

const f = (n: number) => Number(n.toFixed(1));

/** The square and compasses, drawn with lines, centred on (x, y) and `s` wide. */
export function compasses(x: number, y: number, s: number, color: string): string {
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

export function abstractShapes(width: number, height: number, next: () => number): string {
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
export function pavement(width: number, height: number, opacity: number): string {
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

export function symbol(
  name: SymbolName,
  x: number,
  y: number,
  s: number,
  next: () => number,
): string {
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

/** The emblem of an office, as the jewel its officer wears. */
export function officeEmblem(office: string, c: string): string {
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
export const OFFICE_ABBREVIATIONS: Record<string, string> = {
  Secretary: "SEC",
  Treasurer: "TREAS",
  Chaplain: "CHAP",
  Marshal: "MAR",
  Tyler: "TYL",
};
