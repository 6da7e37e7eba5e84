import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sampleData } from "../test/support/api-harness.ts";
import {
  ConfigError,
  DATABASE_URL,
  ENVIRONMENT,
  loadConfig,
  mailIdentity,
  settleConfig,
} from "./config.ts";

const CWD = "/srv/lodge";
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("server configuration", () => {
  it("defaults to the sample layout on 127.0.0.1:8080, with paths made absolute", () => {
    expect(loadConfig({}, {}, CWD)).toEqual({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/srv/lodge/data",
      distDir: "/srv/lodge/dist",
      dbFile: "/srv/lodge/var/lodge.db",
      outboxDir: "/srv/lodge/var/outbox",
      secretFile: "/srv/lodge/var/xsrf-secret",
      smtpTimeoutSeconds: 20,
      rateLimitMax: 80,
      rateLimitWindowSeconds: 600,
      bodyLimitBytes: 65536,
      contactMinFillSeconds: 3,
      contactNoTokenPerDay: 3,
      trustProxy: false,
      logFormat: "auto",
    });
  });

  it("reads the environment, ignores empty variables, and lets flags win", () => {
    const env = {
      PORT: "9000",
      SMTP_URL: "smtp://mail.example.org:587",
      HOST: "",
      TRUST_PROXY: "true",
    };
    const config = loadConfig({ port: "9100", dbFile: "/data/lodge.db" }, env, CWD);
    expect(config).toMatchObject({
      port: 9100,
      host: "127.0.0.1",
      smtpUrl: "smtp://mail.example.org:587",
      dbFile: "/data/lodge.db",
      trustProxy: true,
    });
  });

  it("trusts no proxy, any sender, or the proxies named, as TRUST_PROXY says", () => {
    const trust = (value: string) => loadConfig({}, { TRUST_PROXY: value }, CWD).trustProxy;
    expect(["false", "0", "true", "1"].map(trust)).toEqual([false, false, true, true]);
    expect(trust("127.0.0.1, 10.0.0.0/8")).toBe("127.0.0.1, 10.0.0.0/8");
    expect(trust("loopback")).toBe("loopback");
    expect(() => trust("my proxy")).toThrow(
      'TRUST_PROXY: expected true, false, or proxy addresses such as 127.0.0.1,10.0.0.0/8, found "my proxy"',
    );
  });

  it("names the variable, what it expects and what it found when a value is wrong", () => {
    expect(() =>
      loadConfig({}, { PORT: "80a", SMTP_URL: "mail.example.org", XSRF_SECRET: "short" }, CWD),
    ).toThrow(
      new ConfigError(
        [
          'PORT: expected a port, found "80a"',
          'SMTP_URL: expected smtp://user:password@host:port or smtps://..., found "mail.example.org"',
          'XSRF_SECRET: expected at least 32 characters, found "short"',
        ].join("\n"),
      ),
    );
  });

  it("lists every variable in .env.example", () => {
    const example = readFileSync(new URL("../.env.example", import.meta.url), "utf8");
    const listed = [...example.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...Object.values(ENVIRONMENT), DATABASE_URL].sort());
  });

  it("takes a PostgreSQL database from --db, DB_FILE or DATABASE_URL, as given, in that order", () => {
    const url = "postgres://lodge:pw@db.example.org:5432/lodge";
    const env = { DATABASE_URL: url };
    expect(loadConfig({}, env, CWD).dbFile).toBe(url);
    expect(loadConfig({}, { ...env, DB_FILE: "state/lodge.db" }, CWD).dbFile).toBe(
      resolve(CWD, "state/lodge.db"),
    );
    expect(loadConfig({ dbFile: "postgresql://other/db" }, env, CWD).dbFile).toBe(
      "postgresql://other/db",
    );
    // The generated secret has no database folder to live in: var/ of the working directory.
    expect(loadConfig({}, env, CWD).secretFile).toBe(resolve(CWD, "var", "xsrf-secret"));
  });

  it("takes the secretary from lodge.yaml and the sender from the lodge's name", () => {
    const settled = mailIdentity(loadConfig({}, {}, CWD), sampleData().lodge);
    expect(settled.secretaryEmail).toBe("secretary@hillcrest586.example.org");
    expect(settled.mailFrom).toBe('"Hillcrest Lodge No. 586" <secretary@hillcrest586.example.org>');
  });

  it("refuses to start without anyone to send RSVPs to", () => {
    const lodge = { ...sampleData().lodge, secretaryEmail: undefined };
    expect(() => settleConfig(loadConfig({ xsrfSecret: "x".repeat(32) }, {}, CWD), lodge)).toThrow(
      "SECRETARY_EMAIL: RSVPs and messages need somewhere to go; set SECRETARY_EMAIL or secretaryEmail in lodge.yaml",
    );
  });

  it("generates the signing secret once, readable by its owner only, and keeps it", () => {
    dir = mkdtempSync(join(tmpdir(), "lodge-config-"));
    const config = loadConfig({ dbFile: join(dir, "var", "lodge.db") }, {}, CWD);
    const first = settleConfig(config, sampleData().lodge).xsrfSecret;
    const second = settleConfig(config, sampleData().lodge).xsrfSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = join(dir, "var", "xsrf-secret");
    expect(readFileSync(file, "utf8")).toBe(`${first}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("keeps the secret where SECRET_FILE says, and the database's folder is not consulted", () => {
    dir = mkdtempSync(join(tmpdir(), "lodge-config-"));
    const config = loadConfig(
      { dbFile: join(dir, "db", "lodge.db") },
      { SECRET_FILE: "state/signing" },
      dir,
    );
    expect(config.secretFile).toBe(join(dir, "state", "signing"));
    const secret = settleConfig(config, sampleData().lodge).xsrfSecret;
    expect(readFileSync(join(dir, "state", "signing"), "utf8")).toBe(`${secret}\n`);
    expect(existsSync(join(dir, "db"))).toBe(false);
  });

  it("keeps no secret on disk for a database in memory", () => {
    const config = loadConfig({ dbFile: ":memory:" }, {}, CWD);
    expect(config.secretFile).toBeUndefined();
    expect(settleConfig(config, sampleData().lodge).xsrfSecret.length).toBeGreaterThanOrEqual(32);
  });
});
