import { type FormEvent, useEffect, useState } from "react";
import type { ApiResponse } from "../../../core/api/routes.ts";
import { DEGREE_NAMES, DEGREES, type Degree } from "../../../core/rules/degrees.ts";
import type { DoorVisitor } from "../../../core/schemas/door.ts";
import { postApi } from "../lib/api.ts";
import type { Brother } from "../lib/door-queue.ts";

type Found = ApiResponse<"doorVisitors">["visitors"][number];

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
  const [found, setFound] = useState<Found[]>([]);
  const [said, setSaid] = useState("");

  useEffect(() => {
    const name = fields.name.trim();
    if (fields.id !== undefined || name.length < 2 || !navigator.onLine) {
      setFound([]);
      return;
    }
    const soon = setTimeout(() => {
      void postApi("doorVisitors", { token, name }).then((result) => {
        setFound(result.ok ? result.body.visitors.slice(0, 5) : []);
      });
    }, 300);
    return () => clearTimeout(soon);
  }, [token, fields.name, fields.id]);

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
      {found.length > 0 ? (
        <ul className="door-found" aria-label="Visitors who came before">
          {found.map((v) => (
            <li key={v.id}>
              <button
                type="button"
                className="button-secondary"
                onClick={() => {
                  const { markIds: _, ...visitor } = v;
                  setFields(visitor);
                  setFound([]);
                }}
              >
                {v.name}, {v.lodgeName}
                {v.lodgeNumber ? ` No. ${v.lodgeNumber}` : ""}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
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
      <label htmlFor="visitor-voucher">Vouched for by</label>
      <select id="visitor-voucher" value={vouchedBy} onChange={(e) => setVouchedBy(e.target.value)}>
        <option value="">No one</option>
        {[...brothers]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
      </select>
      <div className="button-row">
        <button type="submit">Add the visitor</button>
      </div>
      <p className="door-said" role="status">
        {said}
      </p>
    </form>
  );
}
