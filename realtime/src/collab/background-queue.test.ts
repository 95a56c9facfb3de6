import { describe, expect, it } from "vitest";
import { BackgroundQueue } from "./background-queue";

const tick = () => new Promise<void>((r) => setTimeout(r, 5));

describe("BackgroundQueue", () => {
  it("runs one task at a time for the whole process, compactions and refreshes of every document alike, in order", async () => {
    const queue = new BackgroundQueue();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
    };
    await Promise.all(["compact:a", "derive:a", "compact:b", "derive:c"].map((key) => queue.enqueue(key, task(key))));
    expect(most).toBe(1);
    expect(log).toEqual(["start compact:a", "end compact:a", "start derive:a", "end derive:a", "start compact:b", "end compact:b", "start derive:c", "end derive:c"]);
  });

  it("joins a task already waiting under the same key, and goes on after one that fails", async () => {
    const queue = new BackgroundQueue();
    let runs = 0;
    const first = queue.enqueue("blocker", () => tick());
    const a = queue.enqueue("compact:a", async () => void runs++);
    const again = queue.enqueue("compact:a", async () => void (runs += 100));
    const failing = queue.enqueue("derive:b", () => Promise.reject(new Error("render failed")));
    const after = queue.enqueue("compact:c", async () => void (runs += 10));
    await Promise.all([first, a, again, failing, after]);
    expect(runs).toBe(11);
  });
});
