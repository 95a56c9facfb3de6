export interface BatcherOptions {
  /** How long the first entry of a batch waits for others. */
  maxDelayMs: number;
  /** A batch this long is written at once. */
  maxEntries: number;
}

export interface BatchHandlers<T> {
  /** Writes a batch in one statement; resolves once committed. */
  write(entries: T[]): Promise<void>;
  /** Called in order, synchronously, after each batch committed. */
  committed(entries: T[]): void;
  /** Called when a batch could not be written; its entries are dropped. */
  failed(entries: T[], error: unknown): void;
}

/**
 * Collects entries for a few milliseconds (or until the batch is full) and writes them with one
 * statement. One batch is in flight at a time, so batches commit, and are handed to `committed`,
 * in the order the entries arrived.
 */
export class Batcher<T> {
  private queue: T[] = [];
  private inFlight: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly handlers: BatchHandlers<T>,
    private readonly options: BatcherOptions,
  ) {}

  add(entry: T): void {
    this.queue.push(entry);
    if (this.running) return; // the running loop picks it up
    if (this.queue.length >= this.options.maxEntries) this.start();
    else this.timer ??= setTimeout(() => this.start(), this.options.maxDelayMs);
  }

  /** Entries accepted but not yet committed (queued or being written), oldest first. */
  pending(): readonly T[] {
    return [...this.inFlight, ...this.queue];
  }

  /** Writes everything queued now and waits for it. */
  async flush(): Promise<void> {
    if (this.queue.length > 0 && !this.running) this.start();
    while (this.running) await this.running;
  }

  private start(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  private async loop(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxEntries);
      this.inFlight = batch;
      let error: unknown = null;
      await this.handlers.write(batch).catch((e: unknown) => {
        error = e ?? new Error("write failed");
      });
      this.inFlight = [];
      if (error === null) this.handlers.committed(batch);
      else this.handlers.failed(batch, error);
    }
  }
}
