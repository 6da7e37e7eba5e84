import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { ALBUM_COVER } from "../../../core/rules/media.ts";
import { albums } from "../../generated/albums.ts";
import { lodge } from "../../generated/lodge.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import { media } from "../lib/media.ts";
import { pageMeta } from "../lib/meta.ts";

export function loader({ params }: LoaderFunctionArgs) {
  const album = albums.find((a) => a.albumName === params.albumName);
  if (!album) throw new Response("Not found", { status: 404 });
  return { album };
}

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  pageMeta(
    data?.album.title ?? "Album",
    data ? `${data.album.title}: photos from ${lodge.name}. ${data.album.subtitle}`.trim() : "",
  );

/** One album (SPEC 2): its title, subtitle and credit, and its cover. */
export default function Album() {
  const { album } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title={album.title} subheading={album.subtitle} />
      <div className="narrow section">
        {album.description && <p>{album.description}</p>}
        <img
          src={media("albums", `${album.albumName}/${ALBUM_COVER}`)}
          alt={`Cover of the album ${album.title}`}
          width={1200}
          height={800}
          decoding="async"
        />
      </div>
    </>
  );
}
