import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { IDEMPOTENCY_HEADER } from "../../core/api/routes.ts";
import type { Idempotency } from "../store/store.ts";
import { Refusal } from "../use-cases/refusal.ts";

/** How long a client's Idempotency-Key is remembered. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long the same content counts as the same submission when no key is sent. */
export const CONTENT_TTL_MS = 10 * 60 * 1000;

/**
 * The JSON of a value with its text trimmed, its spacing collapsed and lowercased, and its keys in
 * order (undefined where JSON has nothing): written as it is walked, not a canonical copy
 * stringified after, which made some 30 objects of garbage per RSVP.
 */
function canonicalJson(value: unknown): string | undefined {
  if (typeof value === "string") {
    return JSON.stringify(value.trim().replace(/\s+/g, " ").toLowerCase());
  }
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++) {
      text += `${i > 0 ? "," : ""}${canonicalJson(value[i]) ?? "null"}`;
    }
    return `${text}]`;
  }
  if (value !== null && typeof value === "object") {
    let text = "";
    for (const key of Object.keys(value).sort()) {
      const inner = canonicalJson((value as Record<string, unknown>)[key]);
      if (inner !== undefined) text += `${text ? "," : ""}${JSON.stringify(key)}:${inner}`;
    }
    return `{${text}}`;
  }
  return JSON.stringify(value);
}

/** A hash of a validated submission that ignores case, spacing and key order. */
export function requestHash(scope: string, value: unknown): string {
  return createHash("sha256")
    .update(`[${JSON.stringify(scope)},${canonicalJson(value) ?? "null"}]`)
    .digest("base64url");
}

const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The keys a submission is known by: the client's Idempotency-Key header when it sends one, and
 * always the hash of its content for a short while, so a double click without a key counts once.
 */
export function idempotencyFor(
  scope: string,
  hash: string,
  header: string | string[] | undefined,
  now: Date,
): Idempotency {
  const keys = [
    { key: `${scope}:content:${hash}`, expiresAt: new Date(now.getTime() + CONTENT_TTL_MS) },
  ];
  if (header !== undefined) {
    if (typeof header !== "string" || !KEY.test(header)) {
      throw new Refusal(
        "invalid",
        "The Idempotency-Key header must be 1 to 255 visible characters without spaces.",
      );
    }
    keys.unshift({
      key: `${scope}:key:${header}`,
      expiresAt: new Date(now.getTime() + KEY_TTL_MS),
    });
  }
  return { requestHash: hash, keys };
}

/** The Idempotency-Key header of a request, as it came (checked by idempotencyFor). */
export function idempotencyKeyOf(request: FastifyRequest): string | string[] | undefined {
  return request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
}
