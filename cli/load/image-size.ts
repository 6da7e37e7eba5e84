import { closeSync, openSync, readSync } from "node:fs";

export type Size = { width: number; height: number };

/** How much of a file is read to find its size: JPEG metadata (EXIF, ICC) comes first. */
const HEAD_BYTES = 256 * 1024;

function readHead(path: string): Buffer {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const read = readSync(fd, buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** JPEG: the first start-of-frame segment holds height and width. */
function jpegSize(b: Buffer): Size | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { width: b.readUInt16BE(at + 7), height: b.readUInt16BE(at + 5) };
    at += 2 + length;
  }
  return undefined;
}

function webpSize(b: Buffer): Size | undefined {
  const chunk = b.toString("ascii", 12, 16);
  if (chunk === "VP8X") {
    return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  }
  if (chunk === "VP8L") {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === "VP8 ") {
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  return undefined;
}

/**
 * The pixel size of a JPEG, PNG, GIF or WebP file, read from its header without decoding it;
 * undefined for another format or a damaged file. The build needs it for width and height
 * attributes, so pictures keep their place while they load.
 */
export function imageSize(path: string): Size | undefined {
  let b: Buffer;
  try {
    b = readHead(path);
  } catch {
    return undefined;
  }
  try {
    if (b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
    if (b.toString("ascii", 1, 4) === "PNG") {
      return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
    }
    if (b.toString("ascii", 0, 3) === "GIF") {
      return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
    }
    if (b.toString("ascii", 0, 4) === "RIFF" && b.toString("ascii", 8, 12) === "WEBP") {
      return webpSize(b);
    }
  } catch {
    // A header cut short: treated as an unknown size below.
  }
  return undefined;
}
