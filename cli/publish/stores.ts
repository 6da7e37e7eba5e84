import {
  accessSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
} from "node:fs";
import { homedir } from "node:os";
import { dirname, join, sep } from "node:path";
import { type Bucket, Storage } from "@google-cloud/storage";
import { bodyOf, type LocalFile, localFiles } from "./local-files.ts";
import { describeTarget, type Target } from "./targets.ts";

/** What a listing says of an object: enough to tell whether a local file differs. */
export interface RemoteObject {
  /** Base64 MD5; absent for composite objects, which are then always replaced. */
  md5: string | undefined;
  size: number;
}

/** A place files are published to. Every failure is thrown as a StoreError saying what to do. */
export interface Store {
  readonly where: string;
  /** The objects under the target, by path relative to it. */
  list(): Promise<Map<string, RemoteObject>>;
  /** What stops writing (and, when `remove` is true, deleting) there: [] when nothing. */
  checkWrite(remove: boolean): Promise<string[]>;
  put(file: LocalFile): Promise<void>;
  remove(path: string): Promise<void>;
}

export class StoreError extends Error {
  override name = "StoreError";
}

/** The first `code` along an error's cause chain (ECONNREFUSED, 404...). */
function codeOf(error: unknown): string | number | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "number" || (typeof code === "string" && code !== "")) return code;
  }
  return undefined;
}

const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "ECONNRESET"]);

const LOGIN =
  "run `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS to a service account's key file";

/**
 * What is wrong with the Google Cloud credentials this machine offers, by their files; undefined
 * when there are some (or the machine may be on Google Cloud, which gives its own account).
 */
export function missingCredentials(env: Record<string, string | undefined>): string | undefined {
  const named = env.GOOGLE_APPLICATION_CREDENTIALS;
  if (named) {
    return existsSync(named)
      ? undefined
      : `GOOGLE_APPLICATION_CREDENTIALS names ${named}, which does not exist; correct it, or unset it and run \`gcloud auth application-default login\``;
  }
  const config = env.CLOUDSDK_CONFIG ?? join(env.HOME ?? homedir(), ".config", "gcloud");
  return existsSync(join(config, "application_default_credentials.json"))
    ? undefined
    : `no Google Cloud credentials were found either; ${LOGIN}`;
}

/** Turns what the storage client threw into a sentence the webmaster can act on. */
export function explainStorageError(
  error: unknown,
  bucket: string,
  endpoint: string | undefined,
  env: Record<string, string | undefined> = process.env,
): string {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  if (typeof code === "string" && UNREACHABLE.has(code)) {
    if (endpoint) {
      return `could not reach the storage service at ${endpoint} (${code}); check the address given with --endpoint, and that the service is running`;
    }
    const credentials = missingCredentials(env);
    return `could not reach Cloud Storage (${code}); check the network connection and try again${credentials ? `; ${credentials}` : ""}`;
  }
  if (/default credentials|could not refresh access token|invalid_grant/i.test(message ?? "")) {
    return `no working Google Cloud credentials were found; ${LOGIN}`;
  }
  switch (Number(code)) {
    case 401:
      return "the credentials were refused; run `gcloud auth application-default login` again, or check the key file in GOOGLE_APPLICATION_CREDENTIALS";
    case 403:
      return `this account may not use the bucket ${bucket} (${message}); grant it the role Storage Object Admin on the bucket`;
    case 404:
      return `the bucket ${bucket} does not exist; create it (gcloud storage buckets create gs://${bucket}) or correct the name`;
    default:
      return code === undefined ? (message ?? "unknown failure") : `${message} (${code})`;
  }
}

export interface BucketOptions {
  /** The Cloud Storage API's address; Google's when absent. Tests and emulators set it. */
  endpoint?: string;
}

/**
 * The Storage clients of one run (they hold the credentials and the connections): checks fail at
 * once, so an unreachable service is reported in a moment rather than after a minute of retries;
 * writes keep the client's retries for a network that drops a request now and then.
 */
export interface StorageClients {
  check: Storage;
  write: Storage;
}

/**
 * The client library warns on stderr when it looks for Google Cloud's metadata server and finds
 * no network (MetadataLookupWarning); what is wrong is told by explainStorageError instead.
 */
function quietMetadataWarnings(): void {
  const emit = process.emitWarning;
  if ((emit as { quiet?: true }).quiet) return;
  const quiet = ((warning: string | Error, ...rest: unknown[]) => {
    const type = typeof rest[0] === "string" ? rest[0] : (rest[0] as { type?: string })?.type;
    const name = warning instanceof Error ? warning.name : type;
    if (name === "MetadataLookupWarning") return;
    (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  process.emitWarning = Object.assign(quiet, { quiet: true as const });
}

export function storageClients(options: BucketOptions): StorageClients {
  quietMetadataWarnings();
  const endpoint = options.endpoint ? { apiEndpoint: options.endpoint } : {};
  return {
    check: new Storage({ ...endpoint, retryOptions: { autoRetry: false } }),
    write: new Storage(endpoint),
  };
}

export function bucketStore(
  clients: StorageClients,
  target: Extract<Target, { kind: "bucket" }>,
  options: BucketOptions,
): Store {
  const checked: Bucket = clients.check.bucket(target.bucket);
  const bucket: Bucket = clients.write.bucket(target.bucket);
  const base = target.prefix ? `${target.prefix}/` : "";
  const fail = (error: unknown): never => {
    throw new StoreError(explainStorageError(error, target.bucket, options.endpoint), {
      cause: error,
    });
  };
  return {
    where: describeTarget(target),
    async list() {
      const [files] = await checked.getFiles({ prefix: base }).catch(fail);
      const objects = new Map<string, RemoteObject>();
      for (const file of files) {
        if (file.name.endsWith("/")) continue;
        objects.set(file.name.slice(base.length), {
          md5: file.metadata.md5Hash,
          size: Number(file.metadata.size ?? 0),
        });
      }
      return objects;
    },
    async checkWrite(remove) {
      // Replacing an object deletes the old one, so writes need both permissions.
      const needed = ["storage.objects.create", "storage.objects.delete"];
      const [granted] = await checked.iam.testPermissions(needed).catch(fail);
      const missing = needed.filter((permission) => !granted[permission]);
      if (missing.length === 0) return [];
      const what = remove ? "write and delete" : "write";
      return [
        `this account may not ${what} objects in the bucket ${target.bucket} (missing ${missing.join(", ")}); grant it the role Storage Object Admin on the bucket`,
      ];
    },
    async put(file) {
      await bucket
        .file(base + file.path)
        .save(await bodyOf(file), {
          resumable: false,
          validation: "md5",
          metadata: {
            contentType: file.contentType,
            cacheControl: file.cacheControl,
            md5Hash: file.md5,
            ...(file.contentEncoding ? { contentEncoding: file.contentEncoding } : {}),
          },
        })
        .catch(fail);
    },
    async remove(path) {
      await bucket
        .file(base + path)
        .delete({ ignoreNotFound: true })
        .catch(fail);
    },
  };
}

/** A folder on this machine (for any static host): written like a bucket, without headers. */
export function folderStore(target: Extract<Target, { kind: "folder" }>): Store {
  const { dir } = target;
  const fail = (error: unknown): never => {
    const code = codeOf(error);
    throw new StoreError(
      code === "EACCES" || code === "EPERM"
        ? `no permission to write in ${dir}`
        : error instanceof Error
          ? error.message
          : String(error),
      { cause: error },
    );
  };
  return {
    where: describeTarget(target),
    async list() {
      if (!existsSync(dir)) return new Map();
      if (!statSync(dir).isDirectory()) throw new StoreError(`${dir} is a file, not a folder`);
      return new Map(
        localFiles(dir, false).map((file) => [file.path, { md5: file.md5, size: file.size }]),
      );
    },
    async checkWrite() {
      let existing = dir;
      while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
      try {
        accessSync(existing, constants.W_OK);
        return [];
      } catch {
        return [`no permission to write in ${existing}`];
      }
    },
    async put(file) {
      const to = join(dir, ...file.path.split("/"));
      try {
        mkdirSync(dirname(to), { recursive: true });
        // Copied beside, then renamed: a reader never sees half a file.
        copyFileSync(file.file, `${to}.lodge-tmp`);
        renameSync(`${to}.lodge-tmp`, to);
      } catch (error) {
        rmSync(`${to}.lodge-tmp`, { force: true });
        fail(error);
      }
    },
    async remove(path) {
      try {
        rmSync(join(dir, ...path.split("/")), { force: true });
        // Folders left empty go too, up to the target itself.
        for (let parent = dirname(join(dir, path)); parent.startsWith(dir + sep); ) {
          if (readdirSync(parent).length > 0) break;
          rmdirSync(parent);
          parent = dirname(parent);
        }
      } catch (error) {
        fail(error);
      }
    },
  };
}
