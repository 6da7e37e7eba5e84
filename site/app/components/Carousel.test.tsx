// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { render } from "../test/render.tsx";
import { Carousel } from "./Carousel.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

const slide = (n: number) => ({
  picture: { src: `/p${n}.jpg`, width: 600, height: 400 },
  alt: `Picture ${n}`,
  caption: "",
});

describe("Carousel", () => {
  it("offers Previous and Next when there is more than one picture", async () => {
    const view = await render(
      <Carousel slides={[slide(1), slide(2)]} intervalMs={5000} label="Pictures" />,
    );
    expect(view.button("Previous picture")).toBeTruthy();
    expect(view.button("Next picture")).toBeTruthy();
    expect(view.container.querySelectorAll("img")).toHaveLength(2);
  });

  it("offers no controls for a single picture", async () => {
    const view = await render(<Carousel slides={[slide(1)]} intervalMs={5000} label="Pictures" />);
    expect(view.container.querySelectorAll("button")).toHaveLength(0);
    expect(view.container.querySelector("img")?.getAttribute("alt")).toBe("Picture 1");
  });
});
