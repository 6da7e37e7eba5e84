import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StoredObject {
  content: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
  contentEncoding: string | undefined;
  md5Hash: string;
}

/**
 * Just the Cloud Storage JSON API calls @google-cloud/storage makes for `lodge publish`: list
 * objects, test permissions, multipart upload, delete. Objects live in memory, by bucket.
 */
export interface FakeStorage {
  url: string;
  buckets: Map<string, Map<string, StoredObject>>;
  /** Each call, e.g. "list hillcrest-site", "upload hillcrest-site index.html". */
  calls: string[];
  /** Uploads of object names this returns true for are answered 503. */
  failUpload: (name: string) => boolean;
  /** Permissions testPermissions leaves out. */
  denied: Set<string>;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(body === undefined ? "" : JSON.stringify(body));
}

/** The parts of a multipart/related body: the object's metadata, then its content. */
function multipart(body: Buffer, contentType: string): Buffer[] {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  if (!boundary) return [];
  const parts: Buffer[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start, next);
    const headEnd = part.indexOf("\r\n\r\n");
    // Each part ends with the CRLF that precedes the next delimiter.
    if (headEnd !== -1) parts.push(part.subarray(headEnd + 4, part.length - 2));
    at = next;
  }
  return parts;
}

export async function fakeStorage(bucketNames: readonly string[]): Promise<FakeStorage> {
  const buckets = new Map(bucketNames.map((name) => [name, new Map<string, StoredObject>()]));
  const fake: FakeStorage = {
    url: "",
    buckets,
    calls: [],
    failUpload: () => false,
    denied: new Set(),
    close: async () => {},
  };
  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = new URL(req.url ?? "/", "http://storage");
    const path = url.pathname.split("/").map(decodeURIComponent);
    // ["", "storage", "v1", "b", bucket, ...] or ["", "upload", "storage", "v1", "b", bucket, "o"]
    const upload = path[1] === "upload";
    const name = path[upload ? 5 : 4] ?? "";
    const rest = path.slice(upload ? 6 : 5);
    const objects = buckets.get(name);
    if (!objects) {
      fake.calls.push(`${req.method} ${url.pathname} (no such bucket)`);
      return send(res, 404, {
        error: { code: 404, message: "The specified bucket does not exist." },
      });
    }
    if (req.method === "GET" && rest[0] === "o" && rest.length === 1) {
      const prefix = url.searchParams.get("prefix") ?? "";
      fake.calls.push(`list ${name}${prefix ? ` ${prefix}` : ""}`);
      const items = [...objects]
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, object]) => ({
          kind: "storage#object",
          name: key,
          bucket: name,
          size: String(object.content.length),
          md5Hash: object.md5Hash,
          contentType: object.contentType,
          cacheControl: object.cacheControl,
        }));
      return send(res, 200, { kind: "storage#objects", items });
    }
    if (req.method === "GET" && rest[0] === "iam" && rest[1] === "testPermissions") {
      fake.calls.push(`testPermissions ${name}`);
      const asked = url.searchParams.getAll("permissions");
      return send(res, 200, { permissions: asked.filter((p) => !fake.denied.has(p)) });
    }
    if (req.method === "POST" && upload && rest[0] === "o") {
      const key = url.searchParams.get("name") ?? "";
      fake.calls.push(`upload ${name} ${key}`);
      if (fake.failUpload(key)) {
        return send(res, 503, { error: { code: 503, message: "Service Unavailable" } });
      }
      const [meta, content = Buffer.alloc(0)] = multipart(body, req.headers["content-type"] ?? "");
      const metadata = JSON.parse(meta?.toString() ?? "{}") as Record<string, string>;
      const md5Hash = createHash("md5").update(content).digest("base64");
      if (metadata.md5Hash && metadata.md5Hash !== md5Hash) {
        return send(res, 400, {
          error: { code: 400, message: "Provided MD5 hash does not match" },
        });
      }
      objects.set(key, {
        content,
        contentType: metadata.contentType,
        cacheControl: metadata.cacheControl,
        contentEncoding: metadata.contentEncoding,
        md5Hash,
      });
      return send(res, 200, { kind: "storage#object", name: key, bucket: name, md5Hash });
    }
    if (req.method === "DELETE" && rest[0] === "o" && rest.length === 2) {
      const key = rest[1] ?? "";
      fake.calls.push(`delete ${name} ${key}`);
      if (!objects.delete(key))
        return send(res, 404, { error: { code: 404, message: "Not Found" } });
      res.writeHead(204).end();
      return;
    }
    fake.calls.push(`unexpected ${req.method} ${req.url}`);
    return send(res, 501, { error: { code: 501, message: "not implemented by the fake" } });
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return fake;
}
