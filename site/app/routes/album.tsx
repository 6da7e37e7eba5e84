import { lazy, Suspense, useState } from "react";
import {
  type ClientLoaderFunctionArgs,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
} from "react-router";
import type { AlbumPicture } from "../../../core/schemas/album.ts";
import { albumPictures } from "../../generated/album-pictures.ts";
import { albums } from "../../generated/albums.ts";
import { lodge } from "../../generated/lodge.ts";
import type { LightboxPicture } from "../components/AlbumLightbox.tsx";
import { PageHeading } from "../components/PageHeading.tsx";
import { TopButton } from "../components/TopButton.tsx";
import { media } from "../lib/media.ts";
import { pageMeta } from "../lib/meta.ts";
import { PAGES } from "../site-map.ts";

/** Runs at build time, for every album: its description and its pictures (the image manifest). */
export function loader({ params }: LoaderFunctionArgs) {
  const album = albums.find((a) => a.albumName === params.albumName);
  if (!album) throw new Response("Not found", { status: 404 });
  return { album, pictures: albumPictures[album.albumName] ?? [] };
}

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

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  pageMeta(
    data?.album.title ?? "Album",
    data ? `${data.album.title}: photos from ${lodge.name}. ${data.album.subtitle}`.trim() : "",
  );

const AlbumLightbox = lazy(() => import("../components/AlbumLightbox.tsx"));

type Status = "loading" | "loaded" | "failed";

/** One picture of the grid: a link to the full picture, which opens the lightbox instead. */
function Thumbnail({ picture, onOpen }: { picture: LightboxPicture; onOpen(): void }) {
  const [status, setStatus] = useState<Status>("loading");
  return (
    <li className={`thumb is-${status}`}>
      <a
        href={picture.src}
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
        onPointerEnter={() => void import("../components/AlbumLightbox.tsx")}
      >
        <img
          src={picture.thumb}
          alt={picture.alt}
          width={picture.width}
          height={picture.height}
          loading="lazy"
          decoding="async"
          ref={(img) => {
            // A picture that finished before hydration fires no load event.
            if (img?.complete && status === "loading") {
              setStatus(img.naturalWidth > 0 ? "loaded" : "failed");
            }
          }}
          onLoad={() => setStatus("loaded")}
          onError={() => {
            console.warn(`The image ${picture.thumb} did not load`);
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

function lightboxPictures(
  albumName: string,
  title: string,
  pictures: readonly AlbumPicture[],
): LightboxPicture[] {
  return pictures.map((picture, index) => {
    // Thumbnails are the full pictures until `lodge images` writes smaller ones.
    const src = media("albums", `${albumName}/${picture.file}`);
    return {
      src,
      thumb: src,
      alt: `${title}, photo ${index + 1} of ${pictures.length}`,
      width: picture.width,
      height: picture.height,
    };
  });
}

/**
 * One album (SPEC 2): title, subtitle and credit, the thumbnail grid (covers left out), and the
 * lightbox at the picture clicked.
 */
export default function Album() {
  const { album, pictures } = useLoaderData<typeof loader>();
  const shown = lightboxPictures(album.albumName, album.title, pictures);
  const [index, setIndex] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <PageHeading title={album.title} subheading={album.subtitle} />
      <div className="container section">
        {album.description ? <p className="album-credit">{album.description}</p> : null}
        {shown.length === 0 ? (
          <p className="album-empty">The photos of this album are not online yet.</p>
        ) : (
          <ul className="thumb-grid" aria-label={`Photos of ${album.title}`}>
            {shown.map((picture, i) => (
              <Thumbnail
                key={picture.src}
                picture={picture}
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
