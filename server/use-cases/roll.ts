import type { Member } from "../../core/schemas/member.ts";
import { newMemberKey } from "../members/answer-link.ts";
import type { Store } from "../store/store.ts";

type RollChanges = Parameters<Store["importRoll"]>[0];

/**
 * The secretary's changes to the roll, written in one transaction: each member added gets the
 * key his answer links are signed with, which nobody types and no spreadsheet holds.
 */
export function writeRoll(
  store: Pick<Store, "importRoll">,
  changes: Omit<RollChanges, "add"> & { add: readonly Member[] },
): Promise<void> {
  return store.importRoll({
    ...changes,
    add: changes.add.map((m) => ({ ...m, key: newMemberKey() })),
  });
}
