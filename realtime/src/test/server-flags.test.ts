import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "@clausewise/shared";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** Every way the product starts a server process outside the test launchers (which import the flags). */
function launchers(): { where: string; args: string[] }[] {
  const found: { where: string; args: string[] }[] = [];
  for (const file of ["package.json", "api/package.json", "realtime/package.json"]) {
    const scripts = (JSON.parse(read(file)) as { scripts: Record<string, string> }).scripts;
    for (const [name, command] of Object.entries(scripts)) {
      if (command.includes("run-server.mjs")) found.push({ where: `${file} ${name}`, args: command.split(/\s+/) });
    }
  }
  for (const file of ["deploy/Dockerfile", "deploy/docker-compose.yml"]) {
    for (const match of read(file).matchAll(/(?:CMD|command:)\s*(\[[^\]]*run-server\.mjs[^\]]*\])/g)) {
      found.push({ where: file, args: JSON.parse(match[1]!) as string[] });
    }
  }
  return found;
}

describe("the server processes' V8 flags", () => {
  it("every start script and deployment passes SERVER_NODE_FLAGS to node, before the script", () => {
    const all = launchers();
    expect(all.map((l) => l.where)).toEqual(
      expect.arrayContaining(["api/package.json start", "realtime/package.json start", "realtime/package.json start:embedded", "deploy/Dockerfile", "deploy/docker-compose.yml"]),
    );
    for (const { where, args } of all) {
      const script = args.findIndex((a) => a.endsWith("run-server.mjs"));
      expect(args[0], where).toBe("node");
      expect(args.slice(1, script), where).toEqual([...SERVER_NODE_FLAGS]);
    }
  });

  it("node takes them: the young generation grows past the default's 32 MB", () => {
    // Objects that survive a few scavenges make V8 grow the young generation to its maximum.
    const probe =
      'const v8=require("node:v8");let max=0;const keep=[];for(let i=0;i<4e6;i++){keep.push({i});if(keep.length>2e6)keep.length=0;' +
      'if(i%1e4===0)max=Math.max(max,v8.getHeapSpaceStatistics().find((s)=>s.space_name==="new_space").space_size)}process.stdout.write(String(max))';
    const largest = (flags: readonly string[]) => Number(execFileSync(process.execPath, [...flags, "-e", probe]).toString());
    expect(largest([])).toBeLessThanOrEqual(32 * 1024 * 1024);
    expect(largest(SERVER_NODE_FLAGS)).toBeGreaterThan(64 * 1024 * 1024);
  });
});
