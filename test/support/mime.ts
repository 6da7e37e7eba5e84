/** Just enough MIME reading for tests: headers, and every leaf part decoded to text. */
export interface MimePart {
  headers: Map<string, string>;
  contentType: string;
  filename: string | undefined;
  body: string;
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            ),
          "latin1",
        ).toString("utf8"),
  );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return Buffer.from(
        body
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
    default:
      return body;
  }
}

export interface Mail {
  headers: Map<string, string>;
  subject: string;
  parts: MimePart[];
  text: string;
  html: string;
  part(contentType: string): MimePart | undefined;
}

export function parseMail(raw: string | Buffer): Mail {
  const source = typeof raw === "string" ? raw : raw.toString("utf8");
  const parts: MimePart[] = [];
  const walk = (text: string) => {
    const { headers, body } = splitHead(text);
    const type = headers.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith("multipart/") && boundary) {
      const sections = body.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith("--")) break;
        walk(section.replace(/^\r?\n/, "").replace(/\r?\n$/, ""));
      }
      return;
    }
    const disposition = headers.get("content-disposition") ?? "";
    parts.push({
      headers,
      contentType: type.split(";")[0]?.trim().toLowerCase() ?? "",
      filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1],
      body: decodeBody(body, headers.get("content-transfer-encoding")),
    });
  };
  walk(source);
  const { headers } = splitHead(source);
  const part = (contentType: string) => parts.find((p) => p.contentType === contentType);
  return {
    headers,
    subject: decodeWords(headers.get("subject") ?? ""),
    parts,
    // SMTP carries lines ending in CRLF; the tests compare text with plain newlines.
    text: (part("text/plain")?.body ?? "").replace(/\r\n/g, "\n"),
    html: (part("text/html")?.body ?? "").replace(/\r\n/g, "\n"),
    part,
  };
}
