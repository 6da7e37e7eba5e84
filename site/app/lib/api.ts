import {
  API_ROUTES,
  type ApiRequest,
  type ApiResponse,
  type ApiRouteName,
  type ApiRoutesOf,
  IDEMPOTENCY_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
} from "../../../core/api/routes.ts";
import { ALERTS } from "../../../core/messages.ts";
import type { Alert } from "../../../core/schemas/alert.ts";
import { lodge } from "../../generated/lodge.ts";

/** An API path (SPEC 7) at the API's address from lodge.yaml (empty: this site). */
export function apiUrl(path: string): string {
  return lodge.apiBase.replace(/\/+$/, "") + path;
}

function cookie(name: string): string | undefined {
  for (const part of document.cookie.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

/** Why a call failed: its status (0 when no answer came) and the server's sentence, if any. */
export interface ApiFailure {
  ok: false;
  status: number;
  message: string | undefined;
  /**
   * The route that applies instead, when the server refused for that reason: an RSVP for a full
   * event names the waiting list, a place on the waiting list while seats are free the RSVP.
   */
  instead?: ApiRouteName | undefined;
}

/** What a call came back with: the answer's body, or why it failed. */
export type ApiResult<T> = { ok: true; body: T } | ApiFailure;

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

async function call<T>(path: string, init: RequestInit): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { credentials: "same-origin", ...init });
  } catch {
    // Offline, refused or blocked: status 0, like a browser's failed request.
    return { ok: false, status: 0, message: undefined };
  }
  const body = await readBody(response);
  if (response.ok) return { ok: true, body: body as T };
  const said = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const message = typeof said.message === "string" ? said.message : undefined;
  const instead =
    typeof said.instead === "string" && said.instead in API_ROUTES
      ? (said.instead as ApiRouteName)
      : undefined;
  return { ok: false, status: response.status, message, instead };
}

/** Reads a GET route of the API (SPEC 7), with its query if it takes one. */
export function getApi<K extends ApiRoutesOf<"GET">>(
  name: K,
  query?: ApiRequest<K>,
): Promise<ApiResult<ApiResponse<K>>> {
  const search = new URLSearchParams(
    Object.entries(query ?? {}).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  ).toString();
  return call(`${API_ROUTES[name].path}${search ? `?${search}` : ""}`, {
    headers: { Accept: "application/json" },
  });
}

/**
 * POSTs to a route of the API (SPEC 7) its JSON body, with the XSRF header the server requires.
 * The same idempotency key on a retry lets the server count the submission once.
 */
export function postApi<K extends ApiRoutesOf<"POST">>(
  name: K,
  body: ApiRequest<K>,
  idempotencyKey?: string,
): Promise<ApiResult<ApiResponse<K>>> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json",
  };
  const token = cookie(XSRF_COOKIE);
  if (token) headers[XSRF_HEADER] = token;
  if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  return call(API_ROUTES[name].path, { method: "POST", headers, body: JSON.stringify(body) });
}

/**
 * The alert for a failed send (SPEC 8): the server's own words when it refused the request for a
 * reason the visitor can act on (a 4xx with a message: the event is full, RSVP has closed, the page
 * is out of date), otherwise the catalogue's 'We apologize, something went wrong...'.
 */
export function failureAlert(result: { status: number; message: string | undefined }): Alert {
  if (result.status >= 400 && result.status < 500 && result.message) {
    return { ...ALERTS.sendFailure, text: result.message };
  }
  return ALERTS.sendFailure;
}

/** A key for one submission: kept while the visitor retries the same form. */
export function newIdempotencyKey(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`
  );
}
