/** Types of build-server.mjs for the TypeScript that imports it (tests). */
export declare const SERVER_DIST: string;
export declare const SERVER_BUNDLES: Record<"embedded" | "web" | "realtime" | "cpu-worker" | "extract-worker" | "merge-worker", string>;
export declare function buildServer(options?: { outdir?: string }): Promise<void>;
