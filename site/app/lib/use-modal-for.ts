import { useCallback, useState } from "react";

/**
 * Which item a modal is about and whether it is open. The item stays after the modal closes,
 * so a modal that keeps its form's state keeps it until another item is chosen.
 */
export function useModalFor<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const openFor = useCallback((next: T) => {
    setTarget(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { target, open, openFor, close };
}
