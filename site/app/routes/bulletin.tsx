import { useLoaderData } from "react-router";
import { bulletins } from "../../generated/bulletins.ts";
import { lodge } from "../../generated/lodge.ts";
import { PdfFrame } from "../components/PdfFrame.tsx";
import { media } from "../lib/media.ts";
import { pageMeta } from "../lib/meta.ts";

export function loader() {
  return { current: bulletins.current };
}

export const meta = () =>
  pageMeta("Bulletin", `The current bulletin of ${lodge.name}: meetings, dinners and news.`);

/** The current bulletin (SPEC 2), full page. */
export default function Bulletin() {
  const { current } = useLoaderData<typeof loader>();
  return (
    <div className="container pdf-page">
      <h1 className="visually-hidden">Current Bulletin</h1>
      <PdfFrame src={media("bulletins", current)} title="the current bulletin" />
    </div>
  );
}
