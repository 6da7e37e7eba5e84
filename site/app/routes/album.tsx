import { lazy, Suspense, useState } from "react";
import {
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
} from "react-router";
import type { Picture as PictureData } from "../../../core/rules/pictures.ts";
import { albumPictures } from "../../generated/album-pictures.ts";
import { albums } from "../../generated/albums.ts";
import { lodge } from "../../generated/lodge.ts";
import type { LightboxPicture } from "../components/AlbumLightbox.tsx";
import { PageHeading } from "../components/PageHeading.tsx";
import { Picture } from "../components/Picture.tsx";
import { TopButton } from "../components/TopButton.tsx";
import { hydrates } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { lightboxFiles, thumbnail } from "../lib/pictures.server.ts";
import { PAGES } from "../site-map.ts";

/**
 * Runs at build time, for every album: its description and its pictures, each as the grid's
 * thumbnail and the lightbox's largest size.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const album = albums.find((a) => a.albumName === params.albumName);
  if (!album) throw new Response("Not found", { status: 404 });
  const pictures = albumPictures[album.albumName] ?? [];
  return {
    album,
    pictures: pictures.map((picture, index) => {
      const file = `${album.albumName}/${picture.file}`;
      const size = { width: picture.width, height: picture.height };
      const { full, thumb } = lightboxFiles(file, size);
      return {
        grid: thumbnail(file, size),
        lightbox: {
          ...full,
          thumb,
          alt: `${album.title}, photo ${index + 1} of ${pictures.length}`,
        } satisfies LightboxPicture,
      };
    }),
  };
}

/**
 * The grid's columns (SPEC 2): 14% of the container wide, half of it less the gap at 800px or
 * less, all of it at 600px or less (.thumb).
 */
const THUMB_SIZES =
  "(max-width: 600px) calc(100vw - 2rem), (max-width: 800px) calc(50vw - 1.375rem), (max-width: 1231px) calc(14vw - 4.48px), 168px";

/**
 * In the browser, moving to an album reads the data written at build time; an album the build
 * did not write (an old or mistyped link) goes to the image gallery (SPEC 2).
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  try {
    return await serverLoader<typeof loader>();
  } catch {
    throw redirect(`/${PAGES.gallery.path}`);
  }
}

/** React in the browser: the lightbox. */
export const handle = hydrates;

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  pageMeta(
    data?.album.title ?? "Album",
    data ? `${data.album.title}: photos from ${lodge.name}. ${data.album.subtitle}`.trim() : "",
  );

const AlbumLightbox = lazy(() => import("../components/AlbumLightbox.tsx"));

type Status = "loading" | "loaded" | "failed";

/** One picture of the grid: a link to the full picture, which opens the lightbox instead. */
function Thumbnail({
  picture,
  full,
  eager,
  onOpen,
}: {
  picture: PictureData;
  full: LightboxPicture;
  /** The first pictures are in view at once (the first fills a phone's width). */
  eager: boolean;
  onOpen(): void;
}) {
  const [status, setStatus] = useState<Status>("loading");
  return (
    <li className={`thumb is-${status}`}>
      <a
        href={full.src}
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
        onPointerEnter={() => void import("../components/AlbumLightbox.tsx")}
      >
        <Picture
          picture={picture}
          alt={full.alt}
          sizes={THUMB_SIZES}
          loading={eager ? "eager" : "lazy"}
          ref={(img) => {
            // A picture that finished before hydration fires no load event.
            if (img?.complete && status === "loading") {
              setStatus(img.naturalWidth > 0 ? "loaded" : "failed");
            }
          }}
          onLoad={() => setStatus("loaded")}
          onError={() => {
            console.warn(`The image ${picture.src} did not load`);
            setStatus("failed");
          }}
        />
        {status === "loading" ? <span className="thumb-spinner" aria-hidden="true" /> : null}
        {status === "failed" ? (
          <span className="thumb-failed" aria-hidden="true">
            ⚠
          </span>
        ) : null}
      </a>
    </li>
  );
}

/**
 * One album (SPEC 2): title, subtitle and credit, the thumbnail grid (covers left out), and the
 * lightbox at the picture clicked.
 */
export default function Album() {
  const { album, pictures } = useLoaderData<typeof loader>();
  const shown = pictures.map((picture) => picture.lightbox);
  const [index, setIndex] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <PageHeading title={album.title} subheading={album.subtitle} />
      <div className="container section">
        {album.description ? <p className="album-credit">{album.description}</p> : null}
        {pictures.length === 0 ? (
          <p className="album-empty">The photos of this album are not online yet.</p>
        ) : (
          <ul className="thumb-grid" aria-label={`Photos of ${album.title}`}>
            {pictures.map((picture, i) => (
              <Thumbnail
                key={picture.lightbox.src}
                picture={picture.grid}
                full={picture.lightbox}
                eager={i < 4}
                onOpen={() => {
                  setIndex(i);
                  setOpen(true);
                }}
              />
            ))}
          </ul>
        )}
      </div>
      {index !== null ? (
        <Suspense fallback={null}>
          <AlbumLightbox
            title={album.title}
            pictures={shown}
            index={index}
            open={open}
            onView={setIndex}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
      <TopButton />
    </>
  );
}
