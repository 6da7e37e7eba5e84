import { useLoaderData } from "react-router";
import { Html, PageHeading } from "../components/PageHeading.tsx";
import { Picture } from "../components/Picture.tsx";
import { pageMeta } from "../lib/meta.ts";
import { contentPage } from "../lib/pages.ts";
import { picture } from "../lib/pictures.server.ts";

export function loader() {
  const page = contentPage("about-us");
  return {
    page,
    picture: page.image && picture("images", page.image.src, { width: 600, height: 400 }),
  };
}

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  pageMeta(data?.page.title ?? "About Us", data?.page.description ?? "");

/** About us (SPEC 2): the lodge's text and a picture, from pages/about-us.md. */
export default function AboutUs() {
  const { page, picture } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={page.heading || page.title} subheading={page.subheading} />
      <div className="container section split">
        <div>
          {page.blocks.map((block) => (
            <Html key={block.content} html={block.content} />
          ))}
        </div>
        {page.image && picture && (
          <figure className="about-figure">
            <Picture
              picture={picture}
              alt={page.image.alt}
              sizes="(max-width: 860px) calc(100vw - 2rem), 480px"
              loading="eager"
            />
          </figure>
        )}
      </div>
    </>
  );
}
