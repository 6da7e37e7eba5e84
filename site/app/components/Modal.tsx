import { type ReactNode, useEffect, useId, useRef } from "react";

type ModalProps = {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
};

/**
 * The one modal of the site, a native <dialog>: it keeps focus inside while open, closes on
 * Escape, the close button or a click on the backdrop, and gives focus back where it was.
 */
export function Modal({ open, title, onClose, children, className }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onNativeClose = () => {
      if (opener.current instanceof HTMLElement) opener.current.focus();
      onClose();
    };
    element.addEventListener("close", onNativeClose);
    return () => element.removeEventListener("close", onNativeClose);
  }, [onClose]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; keyboards close with Escape, which <dialog> handles
    <dialog
      ref={dialog}
      className={`modal${className ? ` ${className}` : ""}`}
      aria-labelledby={title ? titleId : undefined}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself, outside its box.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="modal-box">
        <header className="modal-header">
          {/* A modal that names what it shows only while open has no title, and no empty heading, when closed. */}
          {title ? <h2 id={titleId}>{title}</h2> : null}
          <button
            type="button"
            className="modal-close"
            aria-label="Close"
            onClick={() => dialog.current?.close()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="modal-body">{open ? children : null}</div>
      </div>
    </dialog>
  );
}
