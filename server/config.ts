import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { lodgePlaces } from "../core/places.ts";
import type { Lodge } from "../core/schemas/index.ts";
import { databaseFile, isInMemory, resolveDatabase } from "./store/open-store.ts";

/**
 * Every setting of `lodge serve`, the environment variable that sets it, and what it does. The
 * flags of `lodge serve` override the environment; .env.example lists the same variables (a test
 * holds the two together).
 */
export const ENVIRONMENT = {
  port: "PORT",
  host: "HOST",
  dataDir: "DATA_DIR",
  distDir: "DIST_DIR",
  dbFile: "DB_FILE",
  outboxDir: "OUTBOX_DIR",
  smtpUrl: "SMTP_URL",
  smtpTimeoutSeconds: "SMTP_TIMEOUT_SECONDS",
  dkimPrivateKeyFile: "DKIM_PRIVATE_KEY_FILE",
  dkimSelector: "DKIM_SELECTOR",
  dkimDomain: "DKIM_DOMAIN",
  mailFrom: "MAIL_FROM",
  secretaryEmail: "SECRETARY_EMAIL",
  xsrfSecret: "XSRF_SECRET",
  secretFile: "SECRET_FILE",
  rateLimitMax: "RATE_LIMIT_MAX",
  rateLimitWindowSeconds: "RATE_LIMIT_WINDOW_SECONDS",
  bodyLimitBytes: "BODY_LIMIT_BYTES",
  contactMinFillSeconds: "CONTACT_MIN_FILL_SECONDS",
  contactNoTokenPerDay: "CONTACT_NO_TOKEN_PER_DAY",
  trustProxy: "TRUST_PROXY",
  logFormat: "LOG_FORMAT",
} as const;

/** Read when DB_FILE is not set: a postgres:// URL, as Cloud Run, Heroku and the like give it. */
export const DATABASE_URL = "DATABASE_URL";

const whole = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: `expected ${what}` })
    .int({ error: `expected ${what}, a whole number` })
    .min(min, { error: `expected ${what} from ${min} to ${max}` })
    .max(max, { error: `expected ${what} from ${min} to ${max}` });

const folder = z.string().trim().min(1, { error: "expected a path" });

const address = z
  .string()
  .trim()
  .regex(/^[^\r\n]+$/, { error: "must be on one line" })
  .regex(/@/, { error: "expected an e-mail address, e.g. lodge@example.org" });

export const configSchema = z.object({
  port: whole("a port", 0, 65535).default(8080),
  host: z.string().trim().min(1).default("127.0.0.1"),
  dataDir: folder.default("data"),
  /** The built site, the database and the outbox default to the lodge's own (places.ts). */
  distDir: folder.optional(),
  dbFile: folder.optional(),
  outboxDir: folder.optional(),
  /** smtp://user:pass@host:587 or smtps://...:465; without it mail goes to outboxDir as .eml files. */
  smtpUrl: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/\S+$/, { error: "expected smtp://user:password@host:port or smtps://..." })
    .optional(),
  /** How long an SMTP server may stay silent before a send is given up and retried later. */
  smtpTimeoutSeconds: whole("a number of seconds", 1, 600).default(20),
  /** The lodge's DKIM key (PEM), its selector and domain: mail sent over SMTP is signed with it. */
  dkimPrivateKeyFile: folder.optional(),
  dkimSelector: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9._-]*$/i, { error: "expected a selector such as lodge2027" })
    .optional(),
  dkimDomain: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]+\.[a-z]+$/i, { error: "expected a domain such as hillcrest586.org" })
    .optional(),
  /** 'Hillcrest Lodge <lodge@example.org>' or a bare address; defaults to the secretary's. */
  mailFrom: address.optional(),
  /** Defaults to secretaryEmail in lodge.yaml. */
  secretaryEmail: z.email({ error: "expected an e-mail address" }).optional(),
  /** Signs the XSRF and form tokens; generated and kept in secretFile when not given. */
  xsrfSecret: z.string().min(32, { error: "expected at least 32 characters" }).optional(),
  /**
   * Where the generated signing secret is kept. loadConfig settles it: beside a database file
   * (the lodge's state folder), var/xsrf-secret when the database is not a file on this disk, and
   * nowhere for a database in memory, whose secret is forgotten with it.
   */
  secretFile: folder.optional(),
  rateLimitMax: whole("a number of requests", 1, 100_000).default(80),
  rateLimitWindowSeconds: whole("a number of seconds", 1, 86_400).default(600),
  bodyLimitBytes: whole("a number of bytes", 1024, 10_485_760).default(65_536),
  contactMinFillSeconds: whole("a number of seconds", 0, 3600).default(3),
  contactNoTokenPerDay: whole("a number of messages", 0, 10_000).default(3),
  /**
   * Whom to believe about the visitor's address and protocol (X-Forwarded-For and -Proto): no
   * one (false), every sender (true: only when nothing but the proxy can reach lodge serve), or
   * the proxies' addresses, comma-separated, e.g. 127.0.0.1 or loopback or 10.0.0.0/8.
   */
  trustProxy: z
    .union([z.boolean(), z.string().trim().min(1)])
    .transform((value): boolean | string => {
      if (typeof value === "boolean") return value;
      if (/^(true|1)$/i.test(value)) return true;
      if (/^(false|0)$/i.test(value)) return false;
      return value;
    })
    .refine(
      (value) =>
        typeof value === "boolean" ||
        value.split(",").every((part) => /^[\w.:/]+$/.test(part.trim())),
      { error: "expected true, false, or proxy addresses such as 127.0.0.1,10.0.0.0/8" },
    )
    .default(false),
  /** How `lodge serve` writes its log: text lines on a terminal, JSON lines otherwise (auto). */
  logFormat: z
    .enum(["auto", "text", "json"], { error: "expected auto, text or json" })
    .default("auto"),
});
export type Config = Omit<z.output<typeof configSchema>, "distDir" | "dbFile" | "outboxDir"> & {
  distDir: string;
  dbFile: string;
  outboxDir: string;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * The configuration from the environment and the flags (flags win), validated, paths made
 * absolute against `cwd`. Empty variables count as unset.
 */
export function loadConfig(
  flags: Partial<Record<keyof Config, string | number | boolean | undefined>>,
  env: Record<string, string | undefined>,
  cwd: string,
): Config {
  const raw: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(ENVIRONMENT)) {
    const value = env[name]?.trim();
    if (value) raw[key] = value;
  }
  // DATABASE_URL, the name platforms that offer PostgreSQL set, when DB_FILE says nothing.
  const databaseUrl = env[DATABASE_URL]?.trim();
  if (raw.dbFile === undefined && databaseUrl) raw.dbFile = databaseUrl;
  for (const [key, value] of Object.entries(flags)) {
    if (value !== undefined) raw[key] = value;
  }
  const result = configSchema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const key = String(issue.path[0]) as keyof typeof ENVIRONMENT;
      return `${ENVIRONMENT[key] ?? key}: ${issue.message}, found ${JSON.stringify(raw[key])}`;
    });
    throw new ConfigError(lines.join("\n"));
  }
  const config = result.data;
  const places = lodgePlaces(config.dataDir, cwd);
  const dbFile = resolveDatabase(config.dbFile ?? places.db, cwd);
  const secretFile = config.secretFile
    ? resolve(cwd, config.secretFile)
    : defaultSecretFile(dbFile, places.home);
  return {
    ...config,
    dataDir: resolve(cwd, config.dataDir),
    distDir: resolve(cwd, config.distDir ?? places.dist),
    dbFile,
    outboxDir: resolve(cwd, config.outboxDir ?? places.outbox),
    ...(config.dkimPrivateKeyFile
      ? { dkimPrivateKeyFile: resolve(cwd, config.dkimPrivateKeyFile) }
      : {}),
    ...(secretFile ? { secretFile } : {}),
  };
}

/**
 * The home of the generated signing secret when SECRET_FILE does not name one: the folder of the
 * lodge's state, that is beside a database file, or the lodge's own folder of places (var/ for
 * the data folder `data`) when the database is not a file here.
 */
function defaultSecretFile(db: string, home: string): string | undefined {
  if (isInMemory(db)) return undefined;
  const file = databaseFile(db);
  return file ? join(dirname(file), SECRET_NAME) : join(home, SECRET_NAME);
}

const SECRET_NAME = "xsrf-secret";

/**
 * What the app needs beyond the configuration: the signing secret, settled. The mail's sender and
 * recipient stay as the configuration gives them: where it does not, they come from lodge.yaml at
 * each mail (mailIdentity), so an edit under `lodge dev` reaches the next one.
 */
export interface AppConfig extends Config {
  xsrfSecret: string;
}

/**
 * Who the lodge's mail goes to and comes from: the secretary's address from the environment or
 * lodge.yaml, the sender from MAIL_FROM or the lodge's name. `lodge serve` and the secretary's
 * commands that send a notice read it alike.
 */
export function mailIdentity(
  config: Pick<Config, "secretaryEmail" | "mailFrom">,
  lodge: Lodge,
): { secretaryEmail: string; mailFrom: string } {
  const secretaryEmail = config.secretaryEmail ?? lodge.secretaryEmail;
  if (!secretaryEmail) {
    throw new ConfigError(
      "SECRETARY_EMAIL: RSVPs and messages need somewhere to go; set SECRETARY_EMAIL or secretaryEmail in lodge.yaml",
    );
  }
  const mailFrom = config.mailFrom ?? `"${lodge.name.replaceAll('"', "")}" <${secretaryEmail}>`;
  return { secretaryEmail, mailFrom };
}

/**
 * Settles what the configuration may leave open for the server's start: that the lodge's mail
 * has somewhere to go (a ConfigError if not), and the signing secret, read from (or first
 * written to) secretFile so that tokens stay valid across restarts.
 */
export function settleConfig(config: Config, lodge: Lodge): AppConfig {
  mailIdentity(config, lodge);
  return { ...config, xsrfSecret: config.xsrfSecret ?? keptSecret(config.secretFile) };
}

/** The secret kept in `file`, written there first when it is not; without a file, a new one. */
function keptSecret(file: string | undefined): string {
  // A database in memory forgets everything on exit; so may its secret.
  if (file === undefined) return randomBytes(32).toString("base64url");
  if (existsSync(file)) {
    const secret = readFileSync(file, "utf8").trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** DKIM signing as nodemailer takes it. */
export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: string;
  headerFieldNames: string;
}

/**
 * The headers a signature covers: nodemailer's own list, and List-Unsubscribe-Post, which RFC
 * 8058 (section 4) requires signed with List-Unsubscribe, and nodemailer's list lacks.
 */
const DKIM_SIGNED_HEADERS = [
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type",
  "Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From",
  "Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:List-Id",
  "List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner",
  "List-Archive",
].join(":");

/**
 * The DKIM signing the configuration asks for, its key read from its file; undefined when none
 * of the three is set. A ConfigError when only some are, or the key cannot be read.
 */
export function dkimOf(
  config: Pick<Config, "dkimPrivateKeyFile" | "dkimSelector" | "dkimDomain">,
): DkimSigning | undefined {
  const { dkimPrivateKeyFile: file, dkimSelector: selector, dkimDomain: domain } = config;
  if (!file && !selector && !domain) return undefined;
  if (!file || !selector || !domain) {
    throw new ConfigError(
      "DKIM_PRIVATE_KEY_FILE, DKIM_SELECTOR and DKIM_DOMAIN go together: set all three to sign the lodge's mail, or none",
    );
  }
  let privateKey: string;
  try {
    privateKey = readFileSync(file, "utf8");
  } catch {
    throw new ConfigError(`DKIM_PRIVATE_KEY_FILE: ${file} cannot be read`);
  }
  if (!privateKey.includes("PRIVATE KEY-----")) {
    throw new ConfigError(`DKIM_PRIVATE_KEY_FILE: ${file} is not a private key in PEM form`);
  }
  return {
    domainName: domain,
    keySelector: selector,
    privateKey,
    headerFieldNames: DKIM_SIGNED_HEADERS,
  };
}
