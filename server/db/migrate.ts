/** A step of a database's schema: its version, the name schema_migrations records, its SQL. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The steps a database at `current` lacks; refuses one from a newer lodge (`where`: its name). */
export function stepsAfter(
  steps: readonly Migration[],
  current: number,
  where: string,
): Migration[] {
  const latest = steps.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `${where} has schema version ${current}, but this lodge knows versions up to ${latest}; run a newer lodge with it`,
    );
  }
  return steps.filter((step) => step.version > current);
}
