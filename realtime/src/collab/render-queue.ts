/**
 * Runs the documents' refreshes of derived content (HTML, plain text, markups) one at a time, with a
 * turn of the event loop between two, so no two documents re-render at the same moment: each one is
 * a whole-document render plus a transaction holding the contract row, and a hundred of them at
 * once froze every editor of the instance for over a second (and took every pooled connection).
 * A document already waiting is not queued twice.
 */
export class RenderQueue {
  private readonly queue = new Map<string, { run: () => Promise<void>; done: Promise<void>; resolve: () => void }>();
  private running = false;

  /** Queues `run` for `key` (or joins the run already waiting); resolves once it ran. */
  enqueue(key: string, run: () => Promise<void>): Promise<void> {
    const waiting = this.queue.get(key);
    if (waiting) return waiting.done;
    let resolve!: () => void;
    const done = new Promise<void>((r) => (resolve = r));
    this.queue.set(key, { run, done, resolve });
    if (!this.running) void this.drain();
    return done;
  }

  get length(): number {
    return this.queue.size;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (;;) {
        const next = this.queue.entries().next();
        if (next.done) return;
        const [key, task] = next.value;
        this.queue.delete(key);
        await task.run().catch(() => undefined); // the task logs its own failures
        task.resolve();
        await new Promise((r) => setImmediate(r));
      }
    } finally {
      this.running = false;
    }
  }
}
