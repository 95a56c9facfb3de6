// Development: the API + realtime in one process with reload (port 3000) and Vite with hot reload (port 5173).
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["-y", "pnpm@10", "--filter", "@clausewise/realtime", "dev"], { stdio: "inherit" }),
  spawn("npx", ["-y", "pnpm@10", "--filter", "@clausewise/web", "dev"], { stdio: "inherit" }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// When either side ends, for whatever reason, end the other: a half-running dev setup only confuses.
children.forEach((c) => c.on("exit", (code) => { stop(); if (code) process.exitCode = code; }));
