import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { PUSH_EVENTS } from "@clausewise/shared";
import { invalidateFor } from "./pushes";

function clientWith(keys: unknown[][]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, { ok: true });
  return queryClient;
}
const stale = (qc: QueryClient, key: unknown[]) => qc.getQueryState(key)?.isInvalidated ?? false;

describe("invalidateFor", () => {
  it("marks the notifications stale on notification:new, and nothing else", () => {
    const qc = clientWith([["notifications", "list"], ["notifications", "unread-count"], ["contracts", "detail", "c1"]]);
    invalidateFor(qc, PUSH_EVENTS.notificationNew, { id: "n1" });
    expect(stale(qc, ["notifications", "list"])).toBe(true);
    expect(stale(qc, ["notifications", "unread-count"])).toBe(true);
    expect(stale(qc, ["contracts", "detail", "c1"])).toBe(false);
  });

  it("marks everything about one contract stale on a contract-scoped push, not other contracts", () => {
    const qc = clientWith([["contracts", "detail", "c1"], ["contracts", "detail", "c1", "changes"], ["contracts", "detail", "c2"], ["contracts", "list", {}]]);
    invalidateFor(qc, PUSH_EVENTS.changeUpdated, { contractId: "c1", id: "x" });
    expect(stale(qc, ["contracts", "detail", "c1"])).toBe(true);
    expect(stale(qc, ["contracts", "detail", "c1", "changes"])).toBe(true);
    expect(stale(qc, ["contracts", "detail", "c2"])).toBe(false);
    expect(stale(qc, ["contracts", "list", {}])).toBe(false);
  });

  it("refreshes the dashboard list when a contract is updated", () => {
    const qc = clientWith([["contracts", "list", {}], ["contracts", "detail", "c1"]]);
    invalidateFor(qc, PUSH_EVENTS.contractUpdated, { contractId: "c1" });
    expect(stale(qc, ["contracts", "list", {}])).toBe(true);
    expect(stale(qc, ["contracts", "detail", "c1"])).toBe(true);
  });
});
