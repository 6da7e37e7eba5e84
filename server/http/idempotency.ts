import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { IDEMPOTENCY_HEADER } from "../../core/api/routes.ts";
import type { Idempotency } from "../store/store.ts";
import { HttpError } from "./errors.ts";

/** How long a client's Idempotency-Key is remembered. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long the same content counts as the same submission when no key is sent. */
export const CONTENT_TTL_MS = 10 * 60 * 1000;

function canonical(value: unknown): unknown {
  if (typeof value === "string") return value.trim().replace(/\s+/g, " ").toLowerCase();
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** A hash of a validated submission that ignores case, spacing and key order. */
export function requestHash(scope: string, value: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([scope, canonical(value)]))
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
      throw new HttpError(
        400,
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
