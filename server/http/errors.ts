import type { Refusal, RefusalReason } from "../use-cases/refusal.ts";

/**
 * The status the API answers a refusal with: the use cases say why they refuse, this says it in
 * HTTP. The body is the refusal's own (`{ message, field?, instead? }`).
 */
export const STATUS_OF: Readonly<Record<RefusalReason, number>> = {
  invalid: 400,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  gone: 410,
  unsupported: 415,
  "key-reused": 422,
  "too-many": 429,
  busy: 503,
};

/** The status of a refusal's answer. */
export function statusOf(refusal: Refusal): number {
  return STATUS_OF[refusal.reason];
}
