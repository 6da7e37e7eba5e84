import { useLoaderData } from "react-router";
import { Html, PageHeading } from "../components/PageHeading.tsx";
import { media } from "../lib/media.ts";
import { pageMeta } from "../lib/meta.ts";
import { contentPage } from "../lib/pages.ts";

export function loader() {
  return { page: contentPage("about-us") };
}

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  pageMeta(data?.page.title ?? "About Us", data?.page.description ?? "");

/** About us (SPEC 2): the lodge's text and a picture, from pages/about-us.md. */
export default function AboutUs() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={page.heading || page.title} subheading={page.subheading} />
      <div className="container section split">
        <div>
          {page.blocks.map((block) => (
            <Html key={block.content} html={block.content} />
          ))}
        </div>
        {page.image && (
          <figure className="about-figure">
            <img
              src={media("images", page.image.src)}
              alt={page.image.alt}
              width={600}
              height={400}
              decoding="async"
            />
          </figure>
        )}
      </div>
    </>
  );
}
