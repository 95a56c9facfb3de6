import { createRequire } from "node:module";
import { DOMParser, DOMSerializer, type Node as PmNode, type ParseOptions, type Schema } from "@tiptap/pm/model";
import { escapeText } from "entities";
import type * as HappyDom from "happy-dom";
import type { Window } from "happy-dom";
import { NeedsHtml5, normaliseSimpleStyle, parseLightFragment } from "./light-html";

/*
 * The document's HTML without a browser DOM (issue 15): @tiptap/html's generateHTML builds a
 * happy-dom window for every call (~10 ms even for three paragraphs, most of a live document's
 * refresh of its derived content) and a DOM tree of objects before serialising it. ProseMirror's
 * DOMSerializer needs only createElement, createTextNode, setAttribute and appendChild, so it is
 * given this small tree of strings instead, serialised as happy-dom's innerHTML serialises: the same
 * escaping, void elements and attribute order, byte for byte (html-codec.test.ts compares the
 * two over the whole schema). CSS is reimplemented only for the declarations happy-dom keeps as
 * written (light-html.ts: alignments, colours, fonts, sizes); any other style value goes through
 * happy-dom's own CSSStyleDeclaration, once per distinct value, cached.
 *
 * Parsing goes the same way: HTML the light parser can read exactly as happy-dom's HTML5 parser
 * would (light-html.ts) is read without a DOM; anything else is parsed by happy-dom. happy-dom is
 * loaded on first need only (about 36 MB in each thread that loads it), which for the product's own
 * HTML and sanitised uploads is never.
 */

/** Elements serialised without content or end tag (happy-dom's "noDescendants" content model). */
const VOID = new Set(["area", "base", "input", "img", "link", "meta", "br", "col", "embed", "hr", "param", "source", "track", "wbr"]);
/** Elements whose text is written as is. */
const RAW_TEXT = new Set(["script", "style"]);

const escapeAttribute = (value: string) => value.replace(/[&"]/g, (c) => (c === "&" ? "&amp;" : "&quot;"));

class TextNode {
  readonly nodeType = 3;
  constructor(readonly data: string) {}
}

class ElementNode {
  readonly nodeType = 1;
  readonly children: (ElementNode | TextNode)[] = [];
  /** Attribute names (lower-cased, as an HTML document's setAttribute does) in the order first set. */
  readonly attributes = new Map<string, string>();
  /** What ProseMirror's renderSpec sets a style through (`dom.style.cssText = value`). */
  readonly style: { cssText: string };

  constructor(readonly localName: string) {
    const attributes = this.attributes;
    this.style = {
      get cssText() {
        return attributes.get("style") ?? "";
      },
      set cssText(value: string) {
        const normalised = normaliseStyle(String(value));
        if (normalised === null) attributes.delete("style");
        else attributes.set("style", normalised);
      },
    };
  }

  setAttribute(name: string, value: unknown): void {
    this.attributes.set(name.toLowerCase(), String(value));
  }

  setAttributeNS(_namespace: string, name: string, value: unknown): void {
    this.setAttribute(name, value);
  }

  appendChild<T extends ElementNode | TextNode>(child: T): T {
    this.children.push(child);
    return child;
  }
}

class FragmentNode {
  readonly nodeType = 11;
  readonly children: (ElementNode | TextNode)[] = [];
  appendChild<T extends ElementNode | TextNode>(child: T): T {
    this.children.push(child);
    return child;
  }
}

const stringDocument = {
  createElement: (name: string) => new ElementNode(name.toLowerCase()),
  createElementNS: (_namespace: string, name: string) => new ElementNode(name),
  createTextNode: (data: string) => new TextNode(data),
  createDocumentFragment: () => new FragmentNode(),
};

function write(node: ElementNode | TextNode, parent: string | null, out: string[]): void {
  if (node instanceof TextNode) {
    out.push(parent !== null && RAW_TEXT.has(parent) ? node.data : escapeText(node.data));
    return;
  }
  let open = `<${node.localName}`;
  for (const [name, value] of node.attributes) open += ` ${name}="${escapeAttribute(value)}"`;
  out.push(`${open}>`);
  if (VOID.has(node.localName)) return;
  for (const child of node.children) write(child, node.localName, out);
  out.push(`</${node.localName}>`);
}

let sharedWindow: Window | null = null;
const load = createRequire(import.meta.url);

/** How often happy-dom was needed (tests: the light path must carry the product's own HTML). */
export const happyDomUses = { parse: 0, style: 0 };

/**
 * One happy-dom window for the process, made on first use: a window costs ~10 ms to make and tens
 * of KB, and parsing or styling in it leaves nothing behind (each parse is a document of its own).
 * The module itself is loaded then too (synchronously: Node ≥ 20.19 requires ES modules).
 */
function htmlWindow(): Window {
  sharedWindow ??= new (load("happy-dom") as typeof HappyDom).Window({
    settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true, disableIframePageLoading: true, disableComputedStyleRendering: true },
  });
  return sharedWindow;
}
const styles = new Map<string, string | null>();
const STYLE_CACHE_LIMIT = 2_000;

/** A style value as happy-dom's `style.cssText = value` leaves the attribute (null: no attribute). */
function normaliseStyle(value: string): string | null {
  const simple = normaliseSimpleStyle(value);
  if (simple !== undefined) return simple;
  const known = styles.get(value);
  if (known !== undefined) return known;
  happyDomUses.style++;
  const element = htmlWindow().document.createElement("p");
  element.style.cssText = value;
  const normalised = element.getAttribute("style");
  if (styles.size >= STYLE_CACHE_LIMIT) styles.clear();
  styles.set(value, normalised);
  return normalised;
}

const serializers = new WeakMap<Schema, DOMSerializer>();

/** The HTML of a ProseMirror document's content, as @tiptap/html's generateHTML renders it. */
export function proseMirrorToHtml(doc: PmNode): string {
  const schema = doc.type.schema;
  let serializer = serializers.get(schema);
  if (!serializer) serializers.set(schema, (serializer = DOMSerializer.fromSchema(schema)));
  const root = new FragmentNode();
  type Options = NonNullable<Parameters<DOMSerializer["serializeFragment"]>[1]>;
  type Target = Parameters<DOMSerializer["serializeFragment"]>[2];
  serializer.serializeFragment(doc.content, { document: stringDocument as unknown as Options["document"] }, root as unknown as Target);
  const out: string[] = [];
  for (const child of root.children) write(child, null, out);
  return out.join("");
}

const parsers = new WeakMap<Schema, DOMParser>();

/**
 * HTML → a ProseMirror document of `schema`, as @tiptap/html's generateJSON parses it (happy-dom's
 * HTML5 parser and ProseMirror's DOMParser): through the light tree where it reads the HTML exactly
 * so, else in the process's one happy-dom window; without the JSON round trip either way.
 */
export function htmlToProseMirrorNode(html: string, schema: Schema, options?: ParseOptions): PmNode {
  let parser = parsers.get(schema);
  if (!parser) parsers.set(schema, (parser = DOMParser.fromSchema(schema)));
  const light = parseLightFragment(html);
  if (light) {
    try {
      return parser.parse(light as unknown as Parameters<DOMParser["parse"]>[0], options);
    } catch (error) {
      if (!(error instanceof NeedsHtml5)) throw error;
    }
  }
  return parseWithHappyDom(parser, html, options);
}

/** The HTML5 parse, for HTML the light parser declines. Exported for the tests that compare the two. */
export function parseWithHappyDom(parser: DOMParser, html: string, options?: ParseOptions): PmNode {
  happyDomUses.parse++;
  const window = htmlWindow();
  const document = new window.DOMParser().parseFromString(`<!DOCTYPE html><html><body>${html}</body></html>`, "text/html");
  return parser.parse(document.body as unknown as Parameters<DOMParser["parse"]>[0], options);
}
