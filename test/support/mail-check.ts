import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { simpleParser } from "mailparser";
import type { ComposedMail } from "../../server/store/store.ts";

/** The mail as a mail program reads it: its headers, text, HTML and the HTML's links. */
export async function read(mail: ComposedMail) {
  const parsed = await simpleParser(mail.raw);
  const html = typeof parsed.html === "string" ? parsed.html : "";
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) =>
    (m[1] ?? "").replaceAll("&amp;", "&"),
  );
  return { parsed, text: parsed.text ?? "", html, hrefs };
}

/** SpamAssassin's score of a message, its local tests only (Debian's spamassassin). */
export async function spamScore(raw: Buffer | string): Promise<{ score: number; report: string }> {
  const child = promisify(execFile)("spamassassin", ["-t", "-L"], { maxBuffer: 1 << 22 });
  child.child.stdin?.end(raw);
  const { stdout } = await child;
  const report = stdout.slice(stdout.indexOf("Content analysis details"));
  const score = Number(/\(([-\d.]+) points/.exec(report)?.[1] ?? Number.NaN);
  return { score, report };
}
