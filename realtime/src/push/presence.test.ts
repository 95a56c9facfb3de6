import { describe, expect, it } from "vitest";
import { createLocalBus, type DomainEvent } from "@clausewise/api/events/bus";
import { INSTANCE_PRESENCE_EVENT, PresenceBoard } from "./presence";

const ann = { id: "u-ann", name: "Ann Lee" };
const bob = { id: "u-bob", name: "Bob Tran" };

function boards() {
  const bus = createLocalBus();
  const heard: DomainEvent[] = [];
  bus.subscribe((event) => heard.push(event));
  let now = 1_000;
  const options = { heartbeatMs: 10, ttlMs: 100 };
  const a = new PresenceBoard(bus, options, () => now);
  const b = new PresenceBoard(bus, options, () => now);
  return { a, b, heard, advance: (ms: number) => (now += ms) };
}

describe("PresenceBoard (presence across instances)", () => {
  it("merges another instance's report with this one's people, one entry per person, by name; its own reports are ignored", async () => {
    const { a, b, heard } = boards();
    await a.share("co", "k1", [bob]);
    const report = heard.at(-1)!;
    expect(report).toMatchObject({ type: INSTANCE_PRESENCE_EVENT, companyId: "co", contractId: "k1", payload: { instanceId: a.instanceId, viewers: [bob] } });
    expect(a.receive(report)).toBeNull();
    expect(b.receive(report)).toEqual({ contractId: "k1", newInstance: true });
    expect(b.merged("k1", [ann, bob])).toEqual({ contractId: "k1", viewers: [ann, bob] });
    expect(b.merged("k1", [])).toEqual({ contractId: "k1", viewers: [bob] });
    expect(b.merged("k2", [ann])).toEqual({ contractId: "k2", viewers: [ann] });
    // The same instance again is not new; an empty report removes its people.
    expect(b.receive(report)).toEqual({ contractId: "k1", newInstance: false });
    await a.share("co", "k1", []);
    expect(b.receive(heard.at(-1)!)).toEqual({ contractId: "k1", newInstance: false });
    expect(b.merged("k1", [])).toEqual({ contractId: "k1", viewers: [] });
  });

  it("forgets an instance that stopped reporting after the time to live, and says which contracts lost someone", async () => {
    const { a, b, heard, advance } = boards();
    await a.share("co", "k1", [bob]);
    b.receive(heard.at(-1)!);
    advance(99);
    expect(b.expire()).toEqual([]);
    expect(b.merged("k1", []).viewers).toEqual([bob]);
    advance(2);
    expect(b.merged("k1", []).viewers).toEqual([]);
    expect(b.expire()).toEqual(["k1"]);
    expect(b.expire()).toEqual([]);
  });

  it("ignores malformed reports and other events", () => {
    const { b } = boards();
    expect(b.receive({ type: INSTANCE_PRESENCE_EVENT, companyId: "co", contractId: "k1", payload: { viewers: "everyone" } })).toBeNull();
    expect(b.receive({ type: INSTANCE_PRESENCE_EVENT, companyId: "co", payload: { instanceId: "x", viewers: [] } })).toBeNull();
    expect(b.receive({ type: "contract:updated", companyId: "co", contractId: "k1", payload: {} })).toBeNull();
    expect(b.merged("k1", [])).toEqual({ contractId: "k1", viewers: [] });
  });
});
