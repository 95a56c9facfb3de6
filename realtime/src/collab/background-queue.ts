/**
 * Runs the documents' background work, refreshes of derived content (HTML, plain text, markups) and
 * compactions of the update log, one task at a time for the whole process, with a turn of the event
 * loop between two. Each is a whole-document read or render plus a transaction: a hundred refreshes
 * at once froze every editor of the instance for over a second (and took every pooled connection),
 * and a hundred documents typed in together reach the compaction threshold together (on PGlite,
 * whose statements run one at a time, live edits waited ~1 s behind them). A task already waiting
 * under the same key is not queued twice.
 */
export class BackgroundQueue {
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
