import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from "react";
import { ALERT_FADE_MS, ALERT_TIMEOUT_MS } from "../../../core/constants.ts";
import type { Alert } from "../../../core/schemas/alert.ts";

type Shown = Alert & { id: number; leaving: boolean };

type AlertApi = {
  /** Shows an alert; it clears itself after its timeout (5000 ms unless it gives its own). */
  showAlert(alert: Alert): void;
  /** Clears the alert now, with the fade. */
  clearAlert(): void;
};

type AlertState = AlertApi & { alert: Shown | null };

const AlertContext = createContext<AlertState | null>(null);

let nextId = 0;

/** The alert banner's state (SPEC 4, "Alerts"): one alert at a time, for every page to use. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<Shown | null>(null);
  const showAlert = useCallback((next: Alert) => {
    nextId += 1;
    setAlert({ ...next, id: nextId, leaving: false });
  }, []);
  const clearAlert = useCallback(() => {
    setAlert((current) => (current && !current.leaving ? { ...current, leaving: true } : current));
  }, []);

  useEffect(() => {
    if (!alert) return;
    const timer = alert.leaving
      ? setTimeout(() => setAlert(null), ALERT_FADE_MS)
      : setTimeout(clearAlert, alert.timeout ?? ALERT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [alert, clearAlert]);

  const value = useMemo(() => ({ alert, showAlert, clearAlert }), [alert, showAlert, clearAlert]);
  return <AlertContext value={value}>{children}</AlertContext>;
}

function useAlertState(): AlertState {
  const state = use(AlertContext);
  if (!state) throw new Error("useAlerts() needs an <AlertProvider> above it");
  return state;
}

export function useAlerts(): AlertApi {
  const { showAlert, clearAlert } = useAlertState();
  return useMemo(() => ({ showAlert, clearAlert }), [showAlert, clearAlert]);
}

/** The banner under the header. The live region is always there so screen readers hear alerts. */
export function AlertBanner() {
  const { alert, clearAlert } = useAlertState();
  return (
    <div className="alert-region" aria-live="polite">
      {alert && (
        <div
          key={alert.id}
          role={alert.className === "error" ? "alert" : "status"}
          className={`alert alert-${alert.className}${alert.leaving ? " is-leaving" : ""}`}
          style={{ transitionDuration: `${ALERT_FADE_MS}ms` }}
          data-testid="alert"
        >
          <p>
            <strong>{alert.heading}</strong> {alert.text}
          </p>
          <button type="button" className="alert-close" onClick={clearAlert} aria-label="Dismiss">
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  );
}
