/**
 * bench:editor's BENCH_TRACE mode: a Chrome DevTools Protocol trace (devtools.timeline) around a few
 * keystrokes in the typist's page, reduced to figures that do not depend on the machine's load:
 * per keystroke, elements styled (UpdateLayoutTree), layout objects laid out (dirty / total), area
 * painted, forced layouts (a Layout inside script), and what invalidated style and layout.
 */
import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; beginData?: Record<string, unknown>; endData?: Record<string, unknown> };
}

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.invalidationTracking",
  "blink.user_timing",
  // Native spans: the editing command, the text-input state sent to the browser, hit tests.
  "blink",
  "renderer",
  "input",
  ...(process.env.BENCH_TRACE_JS ? ["disabled-by-default-v8.cpu_profiler"] : []),
].join(",");

/** Script that can force a layout when it reads geometry. */
const SCRIPT = new Set(["EventDispatch", "FunctionCall", "TimerFire", "FireAnimationFrame", "RunMicrotasks", "v8.callFunction", "V8.Execute", "FireIdleCallback", "XHRReadyStateChange"]);

export interface KeyFigures {
  styleRecalcs: number;
  elementsStyled: number;
  layouts: number;
  dirtyObjects: number;
  totalObjects: number;
  forcedLayouts: number;
  paints: number;
  paintArea: number;
  mainMs: number;
  styleMs: number;
  layoutMs: number;
  prePaintMs: number;
  paintMs: number;
  layerizeMs: number;
  scriptMs: number;
  /** Native: the keystroke's editing command (TypingCommand), the IME state (whole editable's text), hit tests for hover. */
  typingMs: number;
  textInputStateMs: number;
  hitTestMs: number;
  /** Chromium's visibility tracking of content-visibility blocks (and any IntersectionObserver), and how many frames ran. */
  intersectionsMs: number;
  frames: number;
}

const quadArea = (clip: unknown): number => {
  if (!Array.isArray(clip) || clip.length < 8) return 0;
  const xs = [clip[0], clip[2], clip[4], clip[6]] as number[];
  const ys = [clip[1], clip[3], clip[5], clip[7]] as number[];
  return (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
};

/** Types `keys` characters, one every 300 ms, while tracing; prints per-key figures and the top invalidations. */
export async function traceKeystrokes(page: Page, keys: number, file?: string): Promise<KeyFigures[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // The protocol types trace events as string maps; they are the Trace Event Format's objects.
  cdp.on("Tracing.dataCollected", (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
  await cdp.send("Tracing.start", { categories: CATEGORIES, transferMode: "ReportEvents" });
  await page.waitForTimeout(300);
  for (let i = 0; i < keys; i++) {
    await page.keyboard.type(i % 6 === 5 ? " " : "k");
    await page.waitForTimeout(300);
  }
  await cdp.send("Tracing.end");
  await complete;
  await cdp.detach();
  if (file) writeFileSync(file, JSON.stringify({ traceEvents: events }));

  // The renderer's main thread: the one that dispatched the keydowns.
  const keydowns = events.filter((e) => e.name === "EventDispatch" && e.args?.data?.type === "keydown" && (e.ph === "X" || e.ph === "B"));
  if (keydowns.length === 0) throw new Error("trace: no keydown dispatched");
  const { pid, tid } = keydowns[0]!;
  const main = events.filter((e) => e.pid === pid && e.tid === tid).sort((a, b) => a.ts - b.ts);
  const starts = keydowns.filter((e) => e.pid === pid && e.tid === tid).map((e) => e.ts);

  // Complete B/E pairs into spans with their nesting (is it inside script?).
  interface Span { name: string; ts: number; end: number; args: TraceEvent["args"]; endArgs?: TraceEvent["args"]; inScript: boolean }
  const spans: Span[] = [];
  const stack: Span[] = [];
  const open: Span[] = [];
  for (const e of main) {
    while (stack.length && stack.at(-1)!.end <= e.ts && stack.at(-1)!.end !== Infinity) stack.pop();
    const inScript = stack.some((s) => SCRIPT.has(s.name)) || open.some((s) => SCRIPT.has(s.name));
    if (e.ph === "X") {
      const span = { name: e.name, ts: e.ts, end: e.ts + (e.dur ?? 0), args: e.args, inScript };
      spans.push(span);
      stack.push(span);
    } else if (e.ph === "B") {
      const span = { name: e.name, ts: e.ts, end: Infinity, args: e.args, inScript };
      open.push(span);
    } else if (e.ph === "E") {
      const at = open.map((s) => s.name).lastIndexOf(e.name);
      if (at >= 0) {
        const [span] = open.splice(at, 1);
        span!.end = e.ts;
        span!.endArgs = e.args;
        spans.push(span!);
      }
    }
  }
  const keyOf = (ts: number) => {
    let k = -1;
    for (let i = 0; i < starts.length; i++) if (starts[i]! <= ts) k = i;
    return k;
  };
  const figures: KeyFigures[] = starts.map(() => ({ styleRecalcs: 0, elementsStyled: 0, layouts: 0, dirtyObjects: 0, totalObjects: 0, forcedLayouts: 0, paints: 0, paintArea: 0, mainMs: 0, styleMs: 0, layoutMs: 0, prePaintMs: 0, paintMs: 0, layerizeMs: 0, scriptMs: 0, typingMs: 0, textInputStateMs: 0, hitTestMs: 0, intersectionsMs: 0, frames: 0 }));
  const invalidations = new Map<string, number>();
  for (const s of spans) {
    const k = keyOf(s.ts);
    if (k < 0) continue;
    const f = figures[k]!;
    const ms = (s.end - s.ts) / 1000;
    switch (s.name) {
      case "RunTask":
        f.mainMs += ms;
        break;
      case "UpdateLayoutTree":
        f.styleRecalcs++;
        f.styleMs += ms;
        f.elementsStyled += Number(s.args?.elementCount ?? s.endArgs?.elementCount ?? (s.args?.data as { elementCount?: number } | undefined)?.elementCount ?? 0);
        break;
      case "Layout": {
        f.layouts++;
        f.layoutMs += ms;
        const begin = s.args?.beginData as { dirtyObjects?: number; totalObjects?: number; stackTrace?: unknown } | undefined;
        f.dirtyObjects += begin?.dirtyObjects ?? 0;
        f.totalObjects = Math.max(f.totalObjects, begin?.totalObjects ?? 0);
        if (s.inScript || begin?.stackTrace) f.forcedLayouts++;
        break;
      }
      case "PrePaint":
        f.prePaintMs += ms;
        break;
      case "Paint":
        f.paints++;
        f.paintMs += ms;
        f.paintArea += quadArea(s.args?.data?.clip);
        break;
      case "Layerize":
        f.layerizeMs += ms;
        break;
      case "TypingCommand::InsertText":
        f.typingMs += ms;
        break;
      case "WidgetBase::UpdateTextInputStateInternal":
        f.textInputStateMs += ms;
        break;
      case "LayoutView::HitTest":
        f.hitTestMs += ms;
        break;
      case "IntersectionObserverController::computeIntersections":
        f.intersectionsMs += ms;
        break;
      case "WebFrameWidgetImpl::UpdateLifecycle":
        f.frames++;
        break;
      case "EventDispatch":
      case "FunctionCall":
      case "TimerFire":
      case "FireAnimationFrame":
      case "RunMicrotasks":
        if (!s.inScript) f.scriptMs += ms;
        break;
    }
  }
  for (const e of main) {
    if (!e.name.endsWith("InvalidationTracking") || keyOf(e.ts) < 0) continue;
    const d = (e.args?.data ?? {}) as Record<string, unknown>;
    const what = [e.name.replace("InvalidationTracking", ""), d.reason, d.nodeName, d.changedClass ?? d.changedAttribute ?? d.changedId ?? d.changedPseudo ?? "", JSON.stringify(d.selectors ?? d.invalidationList ?? "").slice(0, 120)].join(" | ");
    invalidations.set(what, (invalidations.get(what) ?? 0) + 1);
  }
  const r = (n: number) => n.toFixed(1);
  console.log(`trace of ${starts.length} keys (pid ${pid}):`);
  console.log("key  styled(recalcs)  laidOut/total (layouts, forced)  paintArea px² (paints)  main ms (all tasks) ⊇ events (JS and native editing) + style + layout + prepaint + paint + layerize | native: typing command, text-input state, hover hit test | intersections ms (frames)");
  figures.forEach((f, i) =>
    console.log(
      `${String(i).padStart(3)}  ${f.elementsStyled} (${f.styleRecalcs})  ${f.dirtyObjects}/${f.totalObjects} (${f.layouts}, ${f.forcedLayouts})  ${Math.round(f.paintArea)} (${f.paints})  ${r(f.mainMs)} = ${r(f.scriptMs)} + ${r(f.styleMs)} + ${r(f.layoutMs)} + ${r(f.prePaintMs)} + ${r(f.paintMs)} + ${r(f.layerizeMs)} | ${r(f.typingMs)}, ${r(f.textInputStateMs)}, ${r(f.hitTestMs)} | ${r(f.intersectionsMs)} (${f.frames})`,
    ),
  );
  const top = [...invalidations.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`invalidations over the ${starts.length} keys (type | reason | node | changed | selectors): count`);
  for (const [what, n] of top) console.log(`  ${n}  ${what}`);
  return figures;
}
