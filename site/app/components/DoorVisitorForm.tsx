import { type FormEvent, useEffect, useState } from "react";
import type { ApiResponse } from "../../../core/api/routes.ts";
import { DEGREE_NAMES, DEGREES, type Degree } from "../../../core/rules/degrees.ts";
import type { DoorVisitor } from "../../../core/schemas/door.ts";
import { postApi } from "../lib/api.ts";
import type { Brother } from "../lib/door-queue.ts";

type Found = ApiResponse<"doorVisitors">["visitors"][number];

/** Visitors who came before whose names the search found: one tap fills the form with his. */
function FoundVisitors(props: {
  found: readonly Found[];
  onChoose: (visitor: Omit<Found, "markIds">) => void;
}) {
  if (props.found.length === 0) return null;
  return (
    <ul className="door-found" aria-label="Visitors who came before">
      {props.found.map(({ markIds: _, ...v }) => (
        <li key={v.id}>
          <button type="button" className="button-secondary" onClick={() => props.onChoose(v)}>
            {v.name}, {v.lodgeName}
            {v.lodgeNumber ? ` No. ${v.lodgeNumber}` : ""}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The brother who vouched for the visitor, from the register's brothers by name. */
function VoucherSelect(props: {
  brothers: readonly Brother[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor="visitor-voucher">Vouched for by</label>
      <select
        id="visitor-voucher"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">No one</option>
        {[...props.brothers]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
      </select>
    </>
  );
}

/** The visitors who came before whose names `typed` finds, asked once typing pauses, online. */
function usePastVisitors(token: string, typed: string, chosen: boolean) {
  const [found, setFound] = useState<Found[]>([]);
  useEffect(() => {
    const name = typed.trim();
    if (chosen || name.length < 2 || !navigator.onLine) {
      setFound([]);
      return;
    }
    const soon = setTimeout(() => {
      void postApi("doorVisitors", { token, name }).then((result) => {
        setFound(result.ok ? result.body.visitors.slice(0, 5) : []);
      });
    }, 300);
    return () => clearTimeout(soon);
  }, [token, typed, chosen]);
  return [found, setFound] as const;
}

const EMPTY = { name: "", lodgeName: "", lodgeNumber: "", degree: "master-mason" as Degree };

/**
 * Adds a visitor at the door: his name (one who came before is offered as the Tyler types, when
 * the phone has a network), his lodge and its number, his degree, and the brother who vouched
 * for him. Works offline: the visitor waits on the phone with the marks.
 */
export function DoorVisitorForm({
  token,
  brothers,
  onAdd,
}: {
  token: string;
  brothers: readonly Brother[];
  onAdd: (visitor: DoorVisitor) => void;
}) {
  const [fields, setFields] = useState<typeof EMPTY & { id?: number }>(EMPTY);
  const [vouchedBy, setVouchedBy] = useState("");
  const [found, setFound] = usePastVisitors(token, fields.name, fields.id !== undefined);
  const [said, setSaid] = useState("");

  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setFields((now) => ({ ...now, id: undefined, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const voucher = Number(vouchedBy);
    onAdd({
      ...fields,
      name: fields.name.trim(),
      lodgeName: fields.lodgeName.trim(),
      lodgeNumber: fields.lodgeNumber.trim(),
      ...(voucher > 0 ? { vouchedBy: voucher } : {}),
    });
    setSaid(`${fields.name.trim()} added.`);
    setFields(EMPTY);
    setVouchedBy("");
  };

  return (
    <form className="door-visitor panel" onSubmit={submit} aria-labelledby="door-add-visitor">
      <h3 id="door-add-visitor">Add a visitor</h3>
      <label htmlFor="visitor-name">Name</label>
      <input
        id="visitor-name"
        required
        maxLength={100}
        autoComplete="off"
        value={fields.name}
        onChange={(e) => set("name")(e.target.value)}
      />
      <FoundVisitors
        found={found}
        onChoose={(visitor) => {
          setFields(visitor);
          setFound([]);
        }}
      />
      <label htmlFor="visitor-lodge">His lodge</label>
      <input
        id="visitor-lodge"
        required
        maxLength={120}
        value={fields.lodgeName}
        onChange={(e) => set("lodgeName")(e.target.value)}
      />
      <label htmlFor="visitor-number">Its number</label>
      <input
        id="visitor-number"
        inputMode="numeric"
        maxLength={20}
        value={fields.lodgeNumber}
        onChange={(e) => set("lodgeNumber")(e.target.value)}
      />
      <label htmlFor="visitor-degree">Degree</label>
      <select
        id="visitor-degree"
        value={fields.degree}
        onChange={(e) => set("degree")(e.target.value)}
      >
        {DEGREES.map((degree) => (
          <option key={degree} value={degree}>
            {DEGREE_NAMES[degree]}
          </option>
        ))}
      </select>
      <VoucherSelect brothers={brothers} value={vouchedBy} onChange={setVouchedBy} />
      <div className="button-row">
        <button type="submit">Add the visitor</button>
      </div>
      <p className="door-said" role="status">
        {said}
      </p>
    </form>
  );
}
