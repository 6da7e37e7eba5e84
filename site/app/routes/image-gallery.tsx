import { Link, useLoaderData } from "react-router";
import { PAGERS } from "../../../core/constants.ts";
import { ALBUM_COVER } from "../../../core/rules/media.ts";
import { albums } from "../../generated/albums.ts";
import { lodge } from "../../generated/lodge.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import { Pager, usePager } from "../components/Pager.tsx";
import { media } from "../lib/media.ts";
import { pageMeta } from "../lib/meta.ts";
import { albumPath, GALLERY_PAGE_KEY } from "../site-map.ts";

export function loader() {
  return { albums };
}

export const meta = () =>
  pageMeta("Image Gallery", `Photo albums of the meetings, dinners and events of ${lodge.name}.`);

/** The image gallery (SPEC 2): album tiles (cover and title), 6 a page, the page remembered. */
export default function ImageGallery() {
  const { albums } = useLoaderData<typeof loader>();
  const { pagination, goTo } = usePager({
    totalItems: albums.length,
    pageSize: PAGERS.gallery.pageSize,
    maxLinks: PAGERS.gallery.maxLinks,
    storageKey: GALLERY_PAGE_KEY,
  });
  return (
    <>
      <PageHeading title="Image Gallery" subheading={lodge.name} />
      <div className="container section">
        <ul className="tile-grid">
          {albums.slice(pagination.startIndex, pagination.endIndex).map((album, index) => (
            <li key={album.albumName} className="card">
              <Link to={albumPath(album.albumName)}>
                <img
                  src={media("albums", `${album.albumName}/${ALBUM_COVER}`)}
                  alt=""
                  width={600}
                  height={400}
                  loading={index < 3 ? "eager" : "lazy"}
                  decoding="async"
                />
                <div className="card-body">
                  <h2>{album.title}</h2>
                </div>
              </Link>
            </li>
          ))}
        </ul>
        <Pager pagination={pagination} onPageChange={goTo} label="Pages of albums" />
      </div>
    </>
  );
}
