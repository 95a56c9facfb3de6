import { Writable } from "node:stream";
import pino from "pino";
import type { Logger } from "../logger";

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A logger that keeps every line (from `level` up) in memory, parsed, for tests that assert on logs. */
export function capturingLogger(level = "trace"): { logger: Logger; lines: LogLine[]; text(): string } {
  const raw: string[] = [];
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = chunk.toString("utf8");
      raw.push(line);
      lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level, base: undefined }, sink), lines, text: () => raw.join("") };
}
