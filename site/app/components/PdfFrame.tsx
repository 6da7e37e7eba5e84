/**
 * Opens a PDF in Chromium's and Edge's viewer without its toolbar. The viewer draws its toolbar
 * above the document once the PDF has loaded, pushing the document 56 px down inside the frame:
 * a layout shift Lighthouse counts (CLS 0.07 on a phone, 0.19 on a desktop for the bulletin),
 * though the frame's own box never moves. Without the toolbar the document fills the box from
 * the start. Other browsers ignore the parameter.
 */
const NO_TOOLBAR = "#toolbar=0";

/**
 * A PDF shown full page by the browser's own viewer, and the links for what its toolbar would
 * do (zoom, print, save) and for browsers that cannot embed one (most phones): the PDF on its
 * own, in a new window, and its download.
 */
export function PdfFrame({ src, title }: { src: string; title: string }) {
  return (
    <>
      <iframe className="pdf-frame" src={src + NO_TOOLBAR} title={title} />
      <p className="pdf-links">
        <a href={src} target="_blank" rel="noopener">
          Open {title} full size
          <span className="visually-hidden"> (opens in a new window)</span>
        </a>{" "}
        to zoom or print it, or{" "}
        <a href={src} download>
          download it (PDF)
        </a>
        .
      </p>
    </>
  );
}
