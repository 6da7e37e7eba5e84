import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { DoorChange } from "../../../core/schemas/door.ts";
import { postApi } from "./api.ts";
import {
  afterSending,
  loadWaiting,
  marksOf,
  newMarkId,
  type Register,
  saveWaiting,
  visitorsOf,
} from "./door-queue.ts";

/** How often the page tries again to send marks that wait, while it has any. */
const RETRY_MS = 10_000;
/** How often it reads the register again, for the marks another phone at the door made. */
const REFRESH_MS = 15_000;

/** What the door page reads: the register, why it cannot show it, or reading. */
export type DoorLoaded =
  | { kind: "reading" }
  | { kind: "refused"; message: string }
  | { kind: "shown"; register: Register };

/** The door link's token: after '#t=' in the address, never sent to a server but in a body. */
function tokenOfAddress(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get("t") ?? "";
}

/**
 * The door page's state: the register as the server last gave it, the changes made here and
 * not yet kept (on the phone, sent when there is a network, each once), and what a tap does.
 */
export function useDoor() {
  const [token, setToken] = useState("");
  const [loaded, setLoaded] = useState<DoorLoaded>({ kind: "reading" });
  const [waiting, setWaitingState] = useState<DoorChange[]>([]);
  const [problem, setProblem] = useState("");
  const waitingRef = useRef<DoorChange[]>([]);
  const sending = useRef(false);

  const setWaiting = useCallback(
    (next: (now: DoorChange[]) => DoorChange[]) => {
      waitingRef.current = next(waitingRef.current);
      saveWaiting(token, waitingRef.current);
      setWaitingState(waitingRef.current);
    },
    [token],
  );

  const send = useCallback(async () => {
    if (sending.current || !token || waitingRef.current.length === 0) return;
    sending.current = true;
    const batch = waitingRef.current.slice(0, 500);
    const result = await postApi("doorChanges", { token, changes: batch });
    sending.current = false;
    if (result.ok) {
      setLoaded({ kind: "shown", register: result.body });
      setWaiting((now) => afterSending(now, batch));
      setProblem(
        result.body.refused.length > 0
          ? `${result.body.refused.length} not kept: ${result.body.refused[0]?.message}`
          : "",
      );
      if (waitingRef.current.length > 0) void send();
    } else if (result.status === 0 || result.status === 429 || result.status >= 500) {
      // No network, or the server is busy: they wait on the phone and go on the next try.
    } else {
      // Refused as a whole (the link has closed, say): sending them again would not help.
      setWaiting((now) => afterSending(now, batch));
      setProblem(
        `${batch.length} not kept: ${result.message ?? "the server refused them"}. Note them on paper for the secretary.`,
      );
    }
  }, [token, setWaiting]);

  useEffect(() => {
    const own = tokenOfAddress();
    setToken(own);
    if (!own) {
      setLoaded({
        kind: "refused",
        message: "Open this page from the door link the secretary sent.",
      });
      return;
    }
    waitingRef.current = loadWaiting(own);
    setWaitingState(waitingRef.current);
    void postApi("doorRegister", { token: own }).then((result) => {
      setLoaded(
        result.ok
          ? { kind: "shown", register: result.body }
          : {
              kind: "refused",
              message:
                result.message ??
                "The register could not be read: check the phone's network, then open the link again.",
            },
      );
    });
  }, []);

  const idle = useCallback(() => !sending.current && waitingRef.current.length === 0, []);
  useInTouch({ token, loaded, waiting: waiting.length, send, setLoaded, idle });

  const register = loaded.kind === "shown" ? loaded.register : undefined;
  const marks = useMemo(() => marksOf(register, waiting), [register, waiting]);
  const visitors = useMemo(() => visitorsOf(register, waiting), [register, waiting]);

  /** One tap: marks a brother present, or undoes the marks that hold him present. */
  const tap = (memberId: number) => {
    const his = [...(marks.get(memberId) ?? [])];
    setWaiting((now) => [
      ...now,
      ...(his.length > 0
        ? his.map((markId): DoorChange => ({ kind: "undo", markId, memberId }))
        : [{ kind: "mark" as const, markId: newMarkId(), memberId }]),
    ]);
  };
  const addVisitor = (visitor: Extract<DoorChange, { kind: "visitor" }>["visitor"]) =>
    setWaiting((now) => [...now, { kind: "visitor", markId: newMarkId(), visitor }]);
  const removeVisitor = (markId: string, id: number | undefined) =>
    setWaiting((now) =>
      id === undefined
        ? now.filter((c) => c.markId !== markId)
        : [...now, { kind: "undo-visitor", markId, visitorId: id }],
    );
  return { token, loaded, waiting, problem, marks, visitors, tap, addVisitor, removeVisitor };
}

/**
 * The door page's timers: sends the marks that wait when the network comes back and every
 * RETRY_MS while any wait, and reads the register again every REFRESH_MS while none do, for the
 * marks another phone at the door made.
 */
function useInTouch(page: {
  token: string;
  loaded: DoorLoaded;
  waiting: number;
  send: () => Promise<void>;
  setLoaded: (loaded: DoorLoaded) => void;
  idle: () => boolean;
}) {
  const { token, loaded, waiting, send, setLoaded, idle } = page;
  useEffect(() => {
    if (waiting === 0) return;
    void send();
    const retry = setInterval(() => void send(), RETRY_MS);
    const online = () => void send();
    window.addEventListener("online", online);
    return () => {
      clearInterval(retry);
      window.removeEventListener("online", online);
    };
  }, [waiting, send]);

  useEffect(() => {
    if (!token || loaded.kind !== "shown") return;
    const refresh = setInterval(() => {
      if (!idle() || !navigator.onLine) return;
      void postApi("doorRegister", { token }).then((result) => {
        if (result.ok && idle()) setLoaded({ kind: "shown", register: result.body });
      });
    }, REFRESH_MS);
    return () => clearInterval(refresh);
  }, [token, loaded.kind, idle, setLoaded]);
}
