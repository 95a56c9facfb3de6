import { parentPort } from "node:worker_threads";
import { runCpuTask, type CpuResult, type CpuTask } from "./cpu-tasks";
import { serveTasks } from "./pool";

/** A result's own buffers go back without a copy (a view into a larger buffer is copied instead). */
function transferOf(result: CpuResult): ArrayBuffer[] {
  if (!("state" in result)) return [];
  const { state } = result;
  return state.byteOffset === 0 && state.byteLength === state.buffer.byteLength ? [state.buffer as ArrayBuffer] : [];
}

// A CPU worker thread (cpu.ts): runs analysis and seeding away from the server's event loop.
serveTasks<CpuTask, CpuResult>(parentPort!, runCpuTask, transferOf);
