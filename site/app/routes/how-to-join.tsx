import { useEffect } from "react";
import { Link, useLoaderData } from "react-router";
import { CONTACT_PAGE } from "../../../core/api/page-paths.ts";
import { lodge } from "../../generated/lodge.ts";
import { Html, PageHeading } from "../components/PageHeading.tsx";
import { Picture } from "../components/Picture.tsx";
import { pageMeta } from "../lib/meta.ts";
import { contentPage } from "../lib/pages.ts";
import { picture } from "../lib/pictures.server.ts";
import { jumpToTop } from "../lib/scroll.ts";

export function loader() {
  const page = contentPage("how-to-join");
  return {
    page,
    picture: page.image && picture("images", page.image.src, { width: 200, height: 200 }),
  };
}

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  pageMeta(data?.page.title ?? "How to Join", data?.page.description ?? "");

/**
 * The recruiting page (SPEC 2): 'Why Join?', 'Your Journey as a Freemason', a video and the logo,
 * and the joining criteria. It opens at the top.
 */
export default function HowToJoin() {
  const { page, picture } = useLoaderData<typeof loader>();
  useEffect(() => jumpToTop(), []);
  return (
    <>
      <PageHeading title={page.heading || page.title} subheading={page.subheading} />
      <div className="container section split">
        <div>
          {page.blocks.map((block) => (
            <Html key={block.content} html={block.content} />
          ))}
          {page.video && (
            <div className="video">
              <iframe
                src={page.video.src}
                title={page.video.title}
                loading="lazy"
                allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
              />
            </div>
          )}
        </div>
        <aside aria-labelledby="criteria-heading">
          <div className="criteria">
            <h2 id="criteria-heading">Requirements for Membership</h2>
            <ul>
              {page.criteria.map((criterion) => (
                <li key={criterion}>{criterion}</li>
              ))}
            </ul>
          </div>
          {page.image && picture && (
            <Picture className="join-logo" picture={picture} alt={page.image.alt} sizes="200px" />
          )}
          <div className="button-row" style={{ justifyContent: "center" }}>
            <Link className="button" to={`/${CONTACT_PAGE}`}>
              Ask a Member
            </Link>
            <a
              className="button button-secondary"
              href={lodge.links.petition}
              target="_blank"
              rel="noopener"
            >
              Petition (PDF)
            </a>
          </div>
        </aside>
      </div>
    </>
  );
}
