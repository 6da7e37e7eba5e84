import { Link, useLoaderData } from "react-router";
import { PAGERS } from "../../../core/constants.ts";
import { ALBUM_COVER } from "../../../core/rules/media.ts";
import { albums } from "../../generated/albums.ts";
import { lodge } from "../../generated/lodge.ts";
import { EmptyState } from "../components/EmptyState.tsx";
import { PageHeading } from "../components/PageHeading.tsx";
import { Pager, usePager } from "../components/Pager.tsx";
import { Picture } from "../components/Picture.tsx";
import { hydrates } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { picture } from "../lib/pictures.server.ts";
import { gridSizes } from "../lib/pictures.ts";
import { albumPath, GALLERY_PAGE_KEY } from "../site-map.ts";

/** Runs at build time: the albums, each with its cover (SPEC 3: {albumName}/_cover.jpg). */
export function loader() {
  return {
    albums: albums.map((album) => ({
      album,
      cover: picture("albums", `${album.albumName}/${ALBUM_COVER}`, { width: 600, height: 400 }),
    })),
  };
}

/** A tile of the grid (.tile-grid): columns of at least 280 px, 1.5rem apart. */
const TILE_SIZES = gridSizes(280, 24);

/** React in the browser: the pager and the page number it keeps. */
export const handle = hydrates;

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
        {albums.length === 0 ? (
          <EmptyState>
            No photo albums are online yet. Pictures of our meetings and events will be posted here.
          </EmptyState>
        ) : null}
        <ul className="tile-grid">
          {albums
            .slice(pagination.startIndex, pagination.endIndex)
            .map(({ album, cover }, index) => (
              <li key={album.albumName} className="card">
                <Link to={albumPath(album.albumName)}>
                  {cover && (
                    <Picture
                      picture={cover}
                      alt=""
                      sizes={TILE_SIZES}
                      loading={index < 3 ? "eager" : "lazy"}
                    />
                  )}
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
