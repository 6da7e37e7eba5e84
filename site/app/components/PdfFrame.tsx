/**
 * A PDF shown in the page by the browser's own viewer, with a plain link for browsers that
 * cannot embed one (most phones).
 */
export function PdfFrame({ src, title }: { src: string; title: string }) {
  return (
    <>
      <iframe className="pdf-frame" src={src} title={title} />
      <p className="pdf-fallback">
        Can't see the bulletin?{" "}
        <a href={src} target="_blank" rel="noopener" download>
          Download {title} (PDF)
        </a>
      </p>
    </>
  );
}
