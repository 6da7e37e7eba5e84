import {
  createHmac,
  createSecretKey,
  type KeyObject,
  randomFillSync,
  timingSafeEqual,
} from "node:crypto";

/** Text compared in constant time, so a forger learns nothing from how long a refusal takes. */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The server's secret as a key, made once: given as text, each HMAC would import it anew. */
const keys = new Map<string, KeyObject>();

/** The HMAC-SHA256 of `text` with the server's secret, as base64url. */
export function macOf(secret: string, text: string): string {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    keys.set(secret, key);
  }
  return createHmac("sha256", key).update(text).digest("base64url");
}

function mac(secret: string, purpose: string, value: string): string {
  return macOf(secret, `${purpose}\n${value}`);
}

/** `value.signature`; the purpose keeps a token of one kind from passing as another. */
export function signToken(secret: string, purpose: string, value: string): string {
  return `${value}.${mac(secret, purpose, value)}`;
}

/** The signed value, or undefined when the token was not signed with this secret and purpose. */
export function verifyToken(secret: string, purpose: string, token: unknown): string | undefined {
  if (typeof token !== "string" || token.length > 200) return undefined;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const value = token.slice(0, dot);
  return sameText(token.slice(dot + 1), mac(secret, purpose, value)) ? value : undefined;
}

/**
 * Random bytes for tokens, drawn from a pool the system's generator fills 4 KB at a time, each
 * byte handed out once (as Node's randomUUID does): asking the generator for 18 bytes at each
 * RSVP's manage token cost about 2% of the server's work per RSVP.
 */
const pool = Buffer.alloc(4096);
let drawn = pool.length;

/** `bytes` random bytes as base64url text. */
export function randomText(bytes: number): string {
  if (drawn + bytes > pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  const text = pool.toString("base64url", drawn, drawn + bytes);
  drawn += bytes;
  return text;
}

/** A fresh XSRF token: random, and signed so the server can tell its own tokens from others. */
export function newXsrfToken(secret: string): string {
  return signToken(secret, "xsrf", randomText(18));
}

export function isXsrfToken(secret: string, token: unknown): boolean {
  return verifyToken(secret, "xsrf", token) !== undefined;
}

/** A token for the contact form that carries, signed, the moment the form was handed out. */
export function newFormToken(secret: string, now: Date): string {
  return signToken(secret, "form", String(now.getTime()));
}

/** When the form token was issued, or undefined when it is not one of ours. */
export function formTokenIssuedAt(secret: string, token: unknown): Date | undefined {
  const value = verifyToken(secret, "form", token);
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  return new Date(Number(value));
}
