import { resolve, sep } from "node:path";
import { z } from "zod";
import type { Lodge } from "../../core/schemas/lodge.ts";

/** Where `lodge publish` uploads to: a Cloud Storage bucket (and a prefix in it), or a folder. */
export type Target =
  | { kind: "bucket"; bucket: string; prefix: string }
  | { kind: "folder"; dir: string };

/** The media kinds a lodge may serve from their own bucket (lodge.yaml `media`), with the site. */
export const TARGET_KEYS = [
  "site",
  "images",
  "albums",
  "thumbnails",
  "bulletins",
  "socialEvents",
] as const;
export type TargetKey = (typeof TARGET_KEYS)[number];

const BUCKET_NAME = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/;

/**
 * Reads `gs://BUCKET[/prefix]` or `file://DIR` (a relative DIR is taken from `cwd`). Returns the
 * target, or what is wrong with the text.
 */
export function parseTarget(text: string, cwd: string): Target | string {
  const value = text.trim();
  if (value.startsWith("file://")) {
    const dir = value.slice("file://".length);
    if (dir === "") return "expected a folder after file://, e.g. file://public or file:///srv/www";
    return { kind: "folder", dir: resolve(cwd, dir) };
  }
  if (value.startsWith("gs://")) {
    const [bucket = "", ...rest] = value.slice("gs://".length).split("/");
    if (!BUCKET_NAME.test(bucket) || bucket.includes("..")) {
      return `"${bucket}" is not a bucket name: 3 to 222 lowercase letters, digits, dots, dashes and underscores`;
    }
    const prefix = rest.filter((part) => part !== "").join("/");
    return { kind: "bucket", bucket, prefix };
  }
  return `expected gs://BUCKET[/prefix] or file://DIR, found "${value}"`;
}

/**
 * The bucket behind a Cloud Storage address ('https://storage.googleapis.com/BUCKET/prefix/' or
 * 'https://BUCKET.storage.googleapis.com/prefix/') as gs://BUCKET/prefix; undefined for any other
 * address. So media served from such an address needs no publish: line of its own.
 */
export function bucketOfAddress(base: string): string | undefined {
  const match =
    /^https:\/\/storage\.(?:googleapis|cloud\.google)\.com\/([^/]+)\/?(.*)$/.exec(base) ??
    /^https:\/\/([^/]+)\.storage\.googleapis\.com\/?(.*)$/.exec(base);
  if (!match) return undefined;
  const [, bucket = "", prefix = ""] = match;
  const path = prefix.replace(/\/+$/, "");
  const text = `gs://${bucket}${path ? `/${decodeURI(path)}` : ""}`;
  return typeof parseTarget(text, "/") === "string" ? undefined : text;
}

/** How a target is written in messages: the way the user gave it. */
export function describeTarget(target: Target): string {
  return target.kind === "bucket"
    ? `gs://${target.bucket}${target.prefix ? `/${target.prefix}` : ""}`
    : `file://${target.dir}`;
}

/** True when one target holds the other (so one's files would look stale to the other). */
export function overlaps(a: Target, b: Target): boolean {
  const inside = (x: string, y: string) => x === y || y === "" || x.startsWith(`${y}/`);
  if (a.kind === "bucket" && b.kind === "bucket") {
    return a.bucket === b.bucket && (inside(a.prefix, b.prefix) || inside(b.prefix, a.prefix));
  }
  if (a.kind === "folder" && b.kind === "folder") {
    return a.dir === b.dir || a.dir.startsWith(b.dir + sep) || b.dir.startsWith(a.dir + sep);
  }
  return false;
}

/** A target as written in the --target flag. */
export const targetText = z
  .string({ error: "expected gs://BUCKET[/prefix] or file://DIR" })
  .refine((text) => typeof parseTarget(text, "/") !== "string", {
    error: (issue) => parseTarget(String(issue.input), "/") as string,
  });

/** lodge.yaml's `publish`: the site's target, and one for each media kind served from a bucket. */
export type PublishFile = Lodge["publish"];
