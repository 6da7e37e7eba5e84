import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { explainStorageError } from "./stores.ts";
import { bucketOfAddress, overlaps, parseTarget } from "./targets.ts";

describe("publish targets", () => {
  it("reads a bucket with or without a prefix, and a folder relative to the working directory", () => {
    expect(parseTarget("gs://hillcrest-site", "/work")).toEqual({
      kind: "bucket",
      bucket: "hillcrest-site",
      prefix: "",
    });
    expect(parseTarget("gs://hillcrest-site/www/2026/", "/work")).toEqual({
      kind: "bucket",
      bucket: "hillcrest-site",
      prefix: "www/2026",
    });
    expect(parseTarget("file://public", "/work")).toEqual({ kind: "folder", dir: "/work/public" });
    expect(parseTarget("file:///srv/www", "/work")).toEqual({ kind: "folder", dir: "/srv/www" });
  });

  it("finds the bucket behind a Cloud Storage address, and none behind any other address", () => {
    expect(bucketOfAddress("https://storage.googleapis.com/hillcrest-albums/")).toBe(
      "gs://hillcrest-albums",
    );
    expect(bucketOfAddress("https://storage.googleapis.com/hillcrest-media/albums/2026")).toBe(
      "gs://hillcrest-media/albums/2026",
    );
    expect(bucketOfAddress("https://hillcrest-thumbs.storage.googleapis.com/small/")).toBe(
      "gs://hillcrest-thumbs/small",
    );
    expect(bucketOfAddress("https://media.example.org/albums/")).toBeUndefined();
    expect(bucketOfAddress("https://storage.googleapis.com/Not_A_Bucket!/")).toBeUndefined();
  });

  it("says what is wrong with a target it cannot read", () => {
    expect(parseTarget("gs://Hillcrest", "/")).toBe(
      '"Hillcrest" is not a bucket name: 3 to 222 lowercase letters, digits, dots, dashes and underscores',
    );
    expect(parseTarget("file://", "/")).toBe(
      "expected a folder after file://, e.g. file://public or file:///srv/www",
    );
    expect(parseTarget("hillcrest-site", "/")).toBe(
      'expected gs://BUCKET[/prefix] or file://DIR, found "hillcrest-site"',
    );
  });

  it("finds targets that hold one another, and not neighbours that share a name's beginning", () => {
    const bucket = (text: string) =>
      parseTarget(text, "/") as Exclude<ReturnType<typeof parseTarget>, string>;
    expect(overlaps(bucket("gs://site"), bucket("gs://site/media"))).toBe(true);
    expect(overlaps(bucket("gs://site/media"), bucket("gs://site/media/albums"))).toBe(true);
    expect(overlaps(bucket("gs://site/media"), bucket("gs://site/media-2"))).toBe(false);
    expect(overlaps(bucket("gs://site"), bucket("gs://media"))).toBe(false);
    expect(overlaps(bucket("file:///srv/www"), bucket("file:///srv/www/media"))).toBe(true);
    expect(overlaps(bucket("file:///srv/www"), bucket("file:///srv/www2"))).toBe(false);
  });
});

describe("storage errors", () => {
  const coded = (code: string | number, message = "failed") =>
    Object.assign(new Error(message), { code });

  it("tells the webmaster what to do about missing or refused credentials", () => {
    expect(
      explainStorageError(
        new Error(
          "Could not load the default credentials. Browse to https://cloud.google.com/docs",
        ),
        "site",
        undefined,
      ),
    ).toBe(
      "no working Google Cloud credentials were found; run `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS to a service account's key file",
    );
    expect(explainStorageError(coded(401, "Unauthorized"), "site", undefined)).toBe(
      "the credentials were refused; run `gcloud auth application-default login` again, or check the key file in GOOGLE_APPLICATION_CREDENTIALS",
    );
    expect(
      explainStorageError(
        coded(403, "ci@lodge.iam does not have storage.objects.list access"),
        "site",
        undefined,
      ),
    ).toBe(
      "this account may not use the bucket site (ci@lodge.iam does not have storage.objects.list access); grant it the role Storage Object Admin on the bucket",
    );
  });

  it("finds a network failure along the cause chain, and says when the credentials are missing too", () => {
    const error = new Error("request failed", { cause: coded("ENOTFOUND") });
    const key = fileURLToPath(import.meta.url);
    expect(
      explainStorageError(error, "site", undefined, { GOOGLE_APPLICATION_CREDENTIALS: key }),
    ).toBe("could not reach Cloud Storage (ENOTFOUND); check the network connection and try again");
    const nowhere = join(tmpdir(), "lodge-no-gcloud-config");
    expect(explainStorageError(error, "site", undefined, { CLOUDSDK_CONFIG: nowhere })).toBe(
      "could not reach Cloud Storage (ENOTFOUND); check the network connection and try again; no Google Cloud credentials were found either; run `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS to a service account's key file",
    );
    expect(
      explainStorageError(error, "site", undefined, {
        GOOGLE_APPLICATION_CREDENTIALS: `${nowhere}/key.json`,
      }),
    ).toBe(
      `could not reach Cloud Storage (ENOTFOUND); check the network connection and try again; GOOGLE_APPLICATION_CREDENTIALS names ${nowhere}/key.json, which does not exist; correct it, or unset it and run \`gcloud auth application-default login\``,
    );
  });
});
