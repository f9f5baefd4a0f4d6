/**
 * The plan's storage as a module that stores a person's files asks it (ADR 058), given by the composition root from
 * `plans` (a port, so the storing modules do not depend on plans). Throws `PLAN_LIMIT` with the plan's message when
 * `addingBytes` more would not fit; `addingBytes` 0 is a render or export of a size not known before it runs, refused
 * only once the person is at or over the limit.
 */
export type CheckStorage = (userId: string, addingBytes: number) => Promise<void>
