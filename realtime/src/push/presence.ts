import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { ContractPresence } from "@clausewise/shared";
import type { DomainEvent, EventBus } from "@clausewise/api/events/bus";

/**
 * Presence across instances ("Viewing now" in scaled mode). Each instance knows the sockets it holds;
 * it tells the others over the deployment's event bus (Redis pub/sub) which people it has on a
 * contract whenever that changes, and again every `heartbeatMs` while it has any, so an instance
 * that died without saying goodbye is forgotten after `ttlMs`. Nothing is stored in Redis and no
 * socket.io adapter command is sent (those fail unhandled while connections close).
 */
export const INSTANCE_PRESENCE_EVENT = "presence:instance";

type Viewer = ContractPresence["viewers"][number];

const instancePresencePayload = z.object({
  instanceId: z.string().min(1),
  viewers: z.array(z.object({ id: z.string(), name: z.string() })).max(10_000),
});

export interface PresenceBoardOptions {
  heartbeatMs: number;
  ttlMs: number;
}

export const DEFAULT_PRESENCE_OPTIONS: PresenceBoardOptions = { heartbeatMs: 20_000, ttlMs: 65_000 };

export class PresenceBoard {
  readonly instanceId = randomUUID();
  /** contractId → other instance → the people it holds there, until when. */
  private readonly remote = new Map<string, Map<string, { viewers: Viewer[]; expires: number }>>();

  constructor(
    private readonly bus: EventBus,
    private readonly options: PresenceBoardOptions = DEFAULT_PRESENCE_OPTIONS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Tells the other instances who this one holds on a contract (an empty list: nobody any more). */
  async share(companyId: string, contractId: string, viewers: Viewer[]): Promise<void> {
    const event: DomainEvent = { type: INSTANCE_PRESENCE_EVENT, companyId, contractId, payload: { instanceId: this.instanceId, viewers } };
    await this.bus.publish(event);
  }

  /**
   * Takes another instance's report: answers the contract whose merged list may have changed, and
   * whether that instance is new on it (it has not heard of this instance's people yet); null for
   * this instance's own reports and anything malformed.
   */
  receive(event: DomainEvent): { contractId: string; newInstance: boolean } | null {
    if (event.type !== INSTANCE_PRESENCE_EVENT || !event.contractId) return null;
    const parsed = instancePresencePayload.safeParse(event.payload);
    if (!parsed.success || parsed.data.instanceId === this.instanceId) return null;
    const byInstance = this.remote.get(event.contractId) ?? new Map<string, { viewers: Viewer[]; expires: number }>();
    const newInstance = !byInstance.has(parsed.data.instanceId) && parsed.data.viewers.length > 0;
    if (parsed.data.viewers.length === 0) byInstance.delete(parsed.data.instanceId);
    else byInstance.set(parsed.data.instanceId, { viewers: parsed.data.viewers, expires: this.now() + this.options.ttlMs });
    if (byInstance.size === 0) this.remote.delete(event.contractId);
    else this.remote.set(event.contractId, byInstance);
    return { contractId: event.contractId, newInstance };
  }

  /** Everyone on a contract: this instance's people and the other instances' live reports, one entry per person, by name. */
  merged(contractId: string, local: Viewer[]): ContractPresence {
    const viewers = new Map<string, Viewer>();
    for (const viewer of local) if (!viewers.has(viewer.id)) viewers.set(viewer.id, viewer);
    const now = this.now();
    for (const entry of this.remote.get(contractId)?.values() ?? []) {
      if (entry.expires <= now) continue;
      for (const viewer of entry.viewers) if (!viewers.has(viewer.id)) viewers.set(viewer.id, viewer);
    }
    return { contractId, viewers: [...viewers.values()].sort((a, b) => a.name.localeCompare(b.name)) };
  }

  /** Forgets reports past their time; answers the contracts whose lists lost someone. */
  expire(): string[] {
    const now = this.now();
    const changed: string[] = [];
    for (const [contractId, byInstance] of this.remote) {
      let lost = false;
      for (const [instanceId, entry] of byInstance) {
        if (entry.expires > now) continue;
        byInstance.delete(instanceId);
        lost = true;
      }
      if (byInstance.size === 0) this.remote.delete(contractId);
      if (lost) changed.push(contractId);
    }
    return changed;
  }
}
