/**
 * Prometheus metrics of this process (GET /metrics, text format 0.0.4): histograms observed as things
 * happen, gauges read when scraped. One registry per process; registering a gauge again replaces its
 * reader (a test that builds a second app gets the second app's figures).
 */
type Labels = Record<string, string>;

interface Sample {
  labels?: Labels;
  value: number;
}

const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function escapeLabel(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
}

function labelText(labels: Labels | undefined, extra?: Labels): string {
  const all = { ...labels, ...extra };
  const keys = Object.keys(all);
  return keys.length === 0 ? "" : `{${keys.map((k) => `${k}="${escapeLabel(all[k]!)}"`).join(",")}}`;
}

class Histogram {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = JSON.stringify(labels);
    let s = this.series.get(key);
    if (!s) {
      s = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) s.counts[i]!++;
    s.sum += value;
    s.count++;
  }

  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const s of this.series.values()) {
      this.buckets.forEach((le, i) => lines.push(`${this.name}_bucket${labelText(s.labels, { le: String(le) })} ${s.counts[i]}`));
      lines.push(`${this.name}_bucket${labelText(s.labels, { le: "+Inf" })} ${s.count}`);
      lines.push(`${this.name}_sum${labelText(s.labels)} ${s.sum}`);
      lines.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return lines;
  }
}

export class MetricsRegistry {
  private readonly histograms = new Map<string, Histogram>();
  private readonly gauges = new Map<string, { help: string; read: () => Sample[] | Promise<Sample[]> }>();

  histogram(name: string, help: string, buckets = DEFAULT_BUCKETS): Histogram {
    let h = this.histograms.get(name);
    if (!h) {
      h = new Histogram(name, help, buckets);
      this.histograms.set(name, h);
    }
    return h;
  }

  gauge(name: string, help: string, read: () => Sample[] | Promise<Sample[]>): void {
    this.gauges.set(name, { help, read });
  }

  /** The exposition text; a gauge whose reader fails is left out (and says why in a comment). */
  async render(): Promise<string> {
    const lines: string[] = [];
    for (const h of this.histograms.values()) lines.push(...h.render());
    for (const [name, gauge] of this.gauges) {
      lines.push(`# HELP ${name} ${gauge.help}`, `# TYPE ${name} gauge`);
      try {
        for (const sample of await gauge.read()) lines.push(`${name}${labelText(sample.labels)} ${sample.value}`);
      } catch (error) {
        lines.push(`# ${name} unavailable: ${error instanceof Error ? error.message.replace(/\n/g, " ") : "error"}`);
      }
    }
    return `${lines.join("\n")}\n`;
  }
}

export const metrics = new MetricsRegistry();

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export const httpRequestDuration = metrics.histogram("clausewise_http_request_duration_seconds", "API request latency by method, route pattern and status.");

// The process's own memory, under the names Prometheus' client libraries use, so standard
// dashboards read it; every process (web and realtime) imports this registry.
metrics.gauge("process_resident_memory_bytes", "Resident memory size in bytes.", () => [{ value: process.memoryUsage().rss }]);
metrics.gauge("nodejs_heap_size_used_bytes", "Process heap size used from Node.js in bytes.", () => [{ value: process.memoryUsage().heapUsed }]);
metrics.gauge("nodejs_heap_size_total_bytes", "Process heap size from Node.js in bytes.", () => [{ value: process.memoryUsage().heapTotal }]);
