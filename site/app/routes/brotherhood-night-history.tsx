import { useLoaderData } from "react-router";
import { Html, PageHeading } from "../components/PageHeading.tsx";
import { media } from "../lib/media.ts";
import { pageMeta } from "../lib/meta.ts";
import { contentPage } from "../lib/pages.ts";

export function loader() {
  return { page: contentPage("brotherhood-night-history") };
}

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  pageMeta(data?.page.title ?? "Brotherhood Night History", data?.page.description ?? "");

/** Brotherhood Night history (SPEC 2): heading, subheading, story blocks in alternating colours. */
export default function BrotherhoodNightHistory() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={page.heading || page.title} subheading={page.subheading} />
      {page.blocks.map((block) => (
        <section key={block.content} className="story-block">
          <div className="narrow">
            <Html html={block.content} />
            {block.imageSrc && (
              <figure className="story-figure">
                <img
                  src={media("images", block.imageSrc)}
                  alt={block.altText}
                  width={600}
                  height={400}
                  loading="lazy"
                  decoding="async"
                />
                {block.imageCaption && <figcaption>{block.imageCaption}</figcaption>}
              </figure>
            )}
          </div>
        </section>
      ))}
    </>
  );
}
