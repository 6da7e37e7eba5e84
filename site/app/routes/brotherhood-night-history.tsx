import { useLoaderData } from "react-router";
import { Html, PageHeading } from "../components/PageHeading.tsx";
import { Picture } from "../components/Picture.tsx";
import { pageMeta } from "../lib/meta.ts";
import { contentPage } from "../lib/pages.ts";
import { picture } from "../lib/pictures.server.ts";

export function loader() {
  const page = contentPage("brotherhood-night-history");
  return {
    page,
    pictures: page.blocks.map((block) =>
      picture("images", block.imageSrc, { width: 600, height: 400 }),
    ),
  };
}

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  pageMeta(data?.page.title ?? "Brotherhood Night History", data?.page.description ?? "");

/** Brotherhood Night history (SPEC 2): heading, subheading, story blocks in alternating colours. */
export default function BrotherhoodNightHistory() {
  const { page, pictures } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={page.heading || page.title} subheading={page.subheading} />
      {page.blocks.map((block, index) => {
        const picture = pictures[index];
        // A block, not a <section>: the stories have no headings of their own.
        return (
          <div key={block.content} className="story-block">
            <div className="narrow">
              <Html html={block.content} />
              {picture && (
                <figure className="story-figure">
                  <Picture
                    picture={picture}
                    alt={block.altText}
                    sizes="(max-width: 860px) calc(100vw - 2rem), 820px"
                  />
                  {block.imageCaption && <figcaption>{block.imageCaption}</figcaption>}
                </figure>
              )}
            </div>
          </div>
        );
      })}
    </>
  );
}
