// The manifest's schema is core's, so the site build can read the same types.
export * from "../../core/schemas/image-manifest.ts";
