import type { ReactEventHandler, Ref } from "react";
import type { Picture as PictureData } from "../../../core/rules/pictures.ts";

export type PictureProps = {
  picture: PictureData;
  alt: string;
  /** How wide the picture is shown, for the browser to pick a size: "(max-width: 860px) 100vw, 600px". */
  sizes: string;
  className?: string;
  /** Pictures below the fold wait until they are about to be seen. */
  loading?: "eager" | "lazy";
  fetchPriority?: "high" | "low" | "auto";
  ref?: Ref<HTMLImageElement>;
  onLoad?: ReactEventHandler<HTMLImageElement>;
  onError?: ReactEventHandler<HTMLImageElement>;
};

/**
 * A picture in the sizes `lodge images` made: the WebP size each browser needs for the width it
 * shows (`sizes`), and one JPEG or PNG for the rare browser without WebP; its width and height
 * keep its place.
 */
export function Picture({
  picture,
  alt,
  sizes,
  className,
  loading = "lazy",
  fetchPriority,
  ref,
  onLoad,
  onError,
}: PictureProps) {
  const img = (
    <img
      className={className}
      src={picture.src}
      alt={alt}
      width={picture.width}
      height={picture.height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      ref={ref}
      onLoad={onLoad}
      onError={onError}
    />
  );
  if (!picture.webp) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={picture.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
