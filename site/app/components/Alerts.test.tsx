// @vitest-environment happy-dom
import { act, useEffect } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ALERTS } from "../../../core/messages.ts";
import { render } from "../test/render.tsx";
import { AlertBanner, AlertProvider, useAlerts } from "./Alerts.tsx";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

function ShowOnMount({ alert }: { alert: (typeof ALERTS)[keyof typeof ALERTS] }) {
  const { showAlert } = useAlerts();
  useEffect(() => showAlert(alert), [alert, showAlert]);
  return null;
}

async function renderAlert(alert: (typeof ALERTS)[keyof typeof ALERTS]) {
  return render(
    <AlertProvider>
      <AlertBanner />
      <ShowOnMount alert={alert} />
    </AlertProvider>,
  );
}

const advance = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

describe("the alert banner", () => {
  it("shows a success alert, fades it after 5000 ms and removes it 250 ms later", async () => {
    const view = await renderAlert(ALERTS.rsvpSuccess);
    const alert = () => view.container.querySelector('[data-testid="alert"]');
    expect(alert()?.getAttribute("role")).toBe("status");
    expect(alert()?.textContent).toContain("Success!");
    expect(alert()?.textContent).toContain(ALERTS.rsvpSuccess.text);
    await advance(4999);
    expect(alert()?.classList.contains("is-leaving")).toBe(false);
    await advance(1);
    expect(alert()?.classList.contains("is-leaving")).toBe(true);
    await advance(249);
    expect(alert()).not.toBeNull();
    await advance(1);
    expect(alert()).toBeNull();
  });

  it("announces an error as an alert and clears it when dismissed", async () => {
    const view = await renderAlert(ALERTS.sendFailure);
    const alert = () => view.container.querySelector('[data-testid="alert"]');
    expect(alert()?.getAttribute("role")).toBe("alert");
    expect(alert()?.className).toContain("alert-error");
    await view.click(view.button("Dismiss"));
    expect(alert()?.classList.contains("is-leaving")).toBe(true);
    await advance(250);
    expect(alert()).toBeNull();
  });
});
