/** A page's title block: the one <h1> of the page and an optional line under it. */
export function PageHeading({
  title,
  subheading,
  id,
}: {
  title: string;
  subheading?: string;
  /** The heading's id, for a part of the page it names. */
  id?: string;
}) {
  return (
    <div className="page-heading">
      <h1 id={id}>{title}</h1>
      {subheading ? <p className="subheading">{subheading}</p> : null}
    </div>
  );
}

/** HTML the build made from the lodge's own Markdown or HTML (trusted content, not visitors'). */
export function Html({ html, className = "prose" }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the lodge's own content, rendered at build time
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
