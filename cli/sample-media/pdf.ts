/** The sample's documents: a one-page PDF written byte by byte, with no library for it. */
function pdfString(value: string): string {
  const ascii = value.normalize("NFKD").replace(/[^\x20-\x7e]/g, "");
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A one-page PDF with a title line and a second line, written byte by byte. */
export function tinyPdf(
  title: string,
  sub: string,
  note = "Sample document generated for the demonstration lodge.",
): Buffer {
  const content = [
    "BT /F1 24 Tf 72 700 Td",
    `${pdfString(title)} Tj`,
    "0 -32 Td /F1 14 Tf",
    `${pdfString(sub)} Tj`,
    "0 -24 Td /F1 11 Tf",
    `${pdfString(note)} Tj ET`,
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
