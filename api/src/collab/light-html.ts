import { Parser } from "htmlparser2";

/*
 * HTML for ProseMirror without a browser DOM (issue 15, memory). happy-dom costs about 36 MB in
 * every thread that loads it (the serving thread and each CPU worker), only to parse HTML into the
 * editor schema and to normalise style attributes. The HTML those calls see is ours: what the
 * serializer wrote, or an upload after sanitize-html (itself htmlparser2, so balanced). For that
 * HTML, an htmlparser2 tree with the few DOM members ProseMirror's DOMParser and TipTap's parse rules
 * read gives the same document as happy-dom's HTML5 parser.
 *
 * "The same" is kept by refusing, not by approximating: wherever the HTML5 tree construction could
 * build another tree than htmlparser2 (an implied end tag, a misnested formatting element, a block
 * opening inside a paragraph, anything out of place in a table, a tag outside the short list below,
 * comments, doctypes, NUL) or a style declaration whose CSS value happy-dom might rewrite, this
 * answers null and the caller parses with happy-dom as before. html-codec.test.ts checks both paths
 * give equal documents on the demo contracts, real DOCX uploads and random tag soup.
 */

/** Tags the light path reads; any other tag sends the whole input to happy-dom. */
const TAGS = new Set([
  "p", "h1", "h2", "h3", "h4", "h5", "h6", "ol", "ul", "li", "blockquote", "pre", "hr", "br", "div",
  "table", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "td", "th",
  "span", "a", "strong", "b", "em", "i", "u", "s", "strike", "del", "ins", "sub", "sup", "code", "mark", "img",
  // A video embed (`<div data-youtube-video><iframe ...></iframe></div>`): read only when empty.
  "iframe",
]);
const VOID = new Set(["br", "hr", "col", "img"]);
/** Block starts that close an open paragraph in HTML5 ("close a p element" in button scope). */
const CLOSES_P = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "ol", "ul", "li", "blockquote", "pre", "hr", "div", "table"]);
/** Where each table part may stand; anything else is foster-parented or dropped by HTML5. */
const TABLE_PARENT: Record<string, readonly string[]> = {
  colgroup: ["table"],
  col: ["colgroup"],
  thead: ["table"],
  tbody: ["table"],
  tfoot: ["table"],
  tr: ["table", "thead", "tbody", "tfoot"],
  td: ["tr"],
  th: ["tr"],
};
/** Elements whose children are table parts only (and whitespace). */
const TABLE_CONTEXT = new Set(["table", "colgroup", "thead", "tbody", "tfoot", "tr"]);
const HTML_WHITESPACE = /^[\t\n\f\r ]*$/;

/** CSS declarations happy-dom keeps exactly as written (lower-case property, one of these value forms). */
const LENGTH = /^\d+(\.\d+)?(px|pt|em|rem|%)$/;
const COLOR = /^(#[0-9a-fA-F]{3,8}|rgba?\(\d{1,3}, \d{1,3}, \d{1,3}(, (0|1|0?\.\d+))?\)|inherit|transparent)$/;
const FONT_FAMILY = /^("[A-Za-z0-9 _-]+"|[A-Za-z][A-Za-z0-9-]*)(, ("[A-Za-z0-9 _-]+"|[A-Za-z][A-Za-z0-9-]*))*$/;
const SIMPLE_VALUES: Record<string, RegExp> = {
  "text-align": /^(left|right|center|justify)$/,
  color: COLOR,
  "background-color": COLOR,
  "font-family": FONT_FAMILY,
  "font-size": LENGTH,
  "font-weight": /^(normal|bold|bolder|lighter|[1-9]00)$/,
  "font-style": /^(normal|italic)$/,
  "text-decoration": /^(none|(underline|line-through)( (underline|line-through))?)$/,
  "vertical-align": /^(baseline|sub|super)$/,
  "list-style-type": /^(decimal|lower-roman|upper-roman|lower-alpha|upper-alpha|lower-latin|upper-latin|disc|circle|square)$/,
  width: LENGTH,
  height: LENGTH,
  "min-width": LENGTH,
  "margin-left": LENGTH,
  "margin-inline-start": LENGTH,
  "padding-left": LENGTH,
};

/**
 * The declarations of a style attribute when every one is of the simple kind above (in order, no
 * property twice), else null: then only happy-dom's CSS parser says what the value becomes.
 */
export function simpleStyle(value: string): Map<string, string> | null {
  const declarations = new Map<string, string>();
  for (const part of value.split(";")) {
    if (part.trim() === "") continue;
    const colon = part.indexOf(":");
    if (colon === -1) return null;
    const property = part.slice(0, colon).trim();
    const text = part.slice(colon + 1).trim();
    const form = SIMPLE_VALUES[property];
    if (!form || !form.test(text) || declarations.has(property)) return null;
    declarations.set(property, text);
  }
  return declarations.size > 0 ? declarations : null;
}

/** `value` as happy-dom's `style.cssText = value` leaves the attribute, when it is simple; undefined otherwise. */
export function normaliseSimpleStyle(value: string): string | undefined {
  const declarations = simpleStyle(value);
  if (!declarations) return undefined;
  return [...declarations].map(([property, text]) => `${property}: ${text};`).join(" ");
}

/** Thrown where the input needs the HTML5 parser: by the light parse, or by an element asked what it cannot answer. */
export class NeedsHtml5 extends Error {}

const camelToKebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The part of CSSStyleDeclaration ProseMirror and TipTap read: length, getPropertyValue and camel-case properties. */
function styleOf(declarations: Map<string, string>): Record<string, unknown> {
  return new Proxy(
    {},
    {
      get(_target, key) {
        if (key === "length") return declarations.size;
        if (key === "getPropertyValue") return (name: string) => declarations.get(name) ?? "";
        if (typeof key !== "string") return undefined;
        return declarations.get(camelToKebab(key)) ?? "";
      },
    },
  );
}

export abstract class LightNode {
  parentNode: LightElement | null = null;
  nextSibling: LightNode | null = null;
  previousSibling: LightNode | null = null;
  abstract readonly nodeType: number;
  abstract readonly nodeName: string;
  abstract get textContent(): string;

  get parentElement(): LightElement | null {
    return this.parentNode;
  }

  get ownerDocument(): { createTextNode(data: string): LightText } {
    return LIGHT_DOCUMENT;
  }
}

export class LightText extends LightNode {
  readonly nodeType = 3;
  readonly nodeName = "#text";
  constructor(public nodeValue: string) {
    super();
  }
  get textContent(): string {
    return this.nodeValue;
  }
}

const LIGHT_DOCUMENT = { createTextNode: (data: string) => new LightText(data) };
const EMPTY_STYLE = styleOf(new Map());

export class LightElement extends LightNode {
  readonly nodeType = 1;
  readonly namespaceURI = "http://www.w3.org/1999/xhtml";
  readonly childNodes: LightNode[] = [];
  private styleView: Record<string, unknown> = EMPTY_STYLE;

  constructor(
    readonly localName: string,
    private readonly attributes: Record<string, string>,
  ) {
    super();
    this.readStyle();
  }

  /** The style attribute's declarations, when they are simple; otherwise the input needs happy-dom. */
  private readStyle(): void {
    const style = this.attributes.style;
    if (style === undefined) {
      this.styleView = EMPTY_STYLE;
      return;
    }
    const declarations = simpleStyle(style);
    if (!declarations) throw new NeedsHtml5(`style "${style}"`);
    this.styleView = styleOf(declarations);
  }

  get style(): Record<string, unknown> {
    return this.styleView;
  }

  get nodeName(): string {
    return this.localName.toUpperCase();
  }
  get tagName(): string {
    return this.nodeName;
  }
  get firstChild(): LightNode | null {
    return this.childNodes[0] ?? null;
  }
  get lastChild(): LightNode | null {
    return this.childNodes[this.childNodes.length - 1] ?? null;
  }
  get children(): LightElement[] {
    return this.childNodes.filter((n): n is LightElement => n instanceof LightElement);
  }
  get firstElementChild(): LightElement | null {
    return this.children[0] ?? null;
  }
  get classList(): string[] {
    return (this.attributes.class ?? "").split(/[\t\n\f\r ]+/).filter(Boolean);
  }
  get textContent(): string {
    return this.childNodes.map((n) => n.textContent).join("");
  }

  getAttribute(name: string): string | null {
    return this.attributes[name.toLowerCase()] ?? null;
  }
  hasAttribute(name: string): boolean {
    return Object.hasOwn(this.attributes, name.toLowerCase());
  }
  /** TipTap's text style rule writes a nested span's style (the parent's, then its own). */
  setAttribute(name: string, value: unknown): void {
    const key = name.toLowerCase();
    this.attributes[key] = String(value);
    if (key === "style") this.readStyle();
  }

  /** DOM's appendChild: a node that has a parent is moved (ProseMirror moves a list nested directly in a list into the item before it). */
  appendChild<T extends LightNode>(child: T): T {
    const from = child.parentNode;
    if (from) {
      from.childNodes.splice(from.childNodes.indexOf(child), 1);
      if (child.previousSibling) child.previousSibling.nextSibling = child.nextSibling;
      if (child.nextSibling) child.nextSibling.previousSibling = child.previousSibling;
      child.previousSibling = child.nextSibling = child.parentNode = null;
    }
    this.append(child);
    return child;
  }

  append(child: LightNode): void {
    const last = this.lastChild;
    if (last) {
      last.nextSibling = child;
      child.previousSibling = last;
    }
    child.parentNode = this;
    this.childNodes.push(child);
  }

  contains(node: LightNode | null): boolean {
    for (let n = node; n; n = n.parentNode) if (n === this) return true;
    return false;
  }

  matches(selector: string): boolean {
    return matchesSelector(this, selector);
  }
  closest(selector: string): LightElement | null {
    if (this.matches(selector)) return this;
    for (let n = this.parentNode; n; n = n.parentNode) if (n.matches(selector)) return n;
    return null;
  }
  querySelectorAll(selector: string): LightElement[] {
    const found: LightElement[] = [];
    const visit = (element: LightElement) => {
      for (const child of element.children) {
        if (child.matches(selector)) found.push(child);
        visit(child);
      }
    };
    visit(this);
    return found;
  }
  querySelector(selector: string): LightElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
}

/** One compound selector: a tag name (or none) with `[attribute]` tests. */
function matchesCompound(element: LightElement, compound: string): boolean {
  const match = /^([a-z][a-z0-9]*)?((?:\[[a-z-]+\])*)$/.exec(compound);
  if (!match) throw new NeedsHtml5(`selector ${compound}`);
  if (match[1] && match[1] !== element.localName) return false;
  for (const [, name] of (match[2] ?? "").matchAll(/\[([a-z-]+)\]/g)) if (!element.hasAttribute(name!)) return false;
  return true;
}

/** The selectors the schema's parse rules and TipTap's helpers use: compounds joined by " " or " > ". */
function matchesSelector(element: LightElement, selector: string): boolean {
  const parts = selector.trim().split(/\s*(>|\s)\s*/);
  const compounds = parts.filter((_, i) => i % 2 === 0);
  const combinators = parts.filter((_, i) => i % 2 === 1);
  if (!matchesCompound(element, compounds[compounds.length - 1]!)) return false;
  let current: LightElement | null = element;
  for (let i = compounds.length - 2; i >= 0; i--) {
    if (combinators[i] === ">") {
      current = current!.parentNode;
      if (!current || !matchesCompound(current, compounds[i]!)) return false;
    } else {
      let ancestor: LightElement | null = current!.parentNode;
      while (ancestor && !matchesCompound(ancestor, compounds[i]!)) ancestor = ancestor.parentNode;
      if (!ancestor) return false;
      current = ancestor;
    }
  }
  return true;
}

/**
 * `html` as the children of a body element, or null where happy-dom's HTML5 parse could differ (the
 * caller then uses happy-dom). Input is read as the HTML5 input stream is: CR LF and lone CR become LF.
 */
export function parseLightFragment(html: string): LightElement | null {
  // NUL, comments, doctypes, processing instructions, and a "<" that starts no tag (happy-dom's
  // tokenizer and htmlparser2's disagree on those; the serializer always writes "&lt;").
  if (/\0|<(?![a-zA-Z]|\/[a-zA-Z])/.test(html)) return null;
  const body = new LightElement("body", {});
  const stack: LightElement[] = [body];
  // htmlparser2 drops an end tag that closes nothing without a word; happy-dom may not. Every end
  // tag in the input must have closed its element (an end tag inside an attribute value only makes
  // this decline, never accept).
  const endTags = html.match(/<\/[a-zA-Z]/g)?.length ?? 0;
  let closed = 0;
  try {
    const parser = new Parser(
      {
        onopentag(name, attributes, isImplied) {
          // "</p>" or "</br>" with nothing to close: htmlparser2 makes the element, happy-dom does not.
          if (isImplied) throw new NeedsHtml5(`implied <${name}>`);
          if (!TAGS.has(name)) throw new NeedsHtml5(`<${name}>`);
          const open = stack.map((e) => e.localName);
          if (CLOSES_P.has(name) && open.includes("p")) throw new NeedsHtml5(`<${name}> in a paragraph`);
          if (name === "a" && open.includes("a")) throw new NeedsHtml5("<a> in <a>");
          if (name === "li") {
            for (let i = open.length - 1; i >= 0 && open[i] !== "ul" && open[i] !== "ol"; i--) if (open[i] === "li") throw new NeedsHtml5("<li> in <li>");
          }
          const parent = stack[stack.length - 1]!;
          if (parent.localName === "iframe") throw new NeedsHtml5("content in <iframe>");
          const allowed = TABLE_PARENT[name];
          if (allowed ? !allowed.includes(parent.localName) : TABLE_CONTEXT.has(parent.localName)) throw new NeedsHtml5(`<${name}> in <${parent.localName}>`);
          const element = new LightElement(name, attributes);
          parent.append(element);
          if (!VOID.has(name)) stack.push(element);
        },
        onclosetag(name, isImplied) {
          if (VOID.has(name)) return;
          if (isImplied || stack[stack.length - 1]!.localName !== name) throw new NeedsHtml5(`implied </${name}>`);
          stack.pop();
          closed++;
        },
        ontext(data) {
          // happy-dom keeps a newline right after <pre> (HTML5 would drop it), and so does this.
          const text = data;
          if (text === "") return;
          const parent = stack[stack.length - 1]!;
          if (parent.localName === "iframe") throw new NeedsHtml5("content in <iframe>");
          if (TABLE_CONTEXT.has(parent.localName) && !HTML_WHITESPACE.test(text)) throw new NeedsHtml5(`text in <${parent.localName}>`);
          const last = parent.lastChild;
          if (last instanceof LightText) last.nodeValue += text;
          else parent.append(new LightText(text));
        },
        oncomment() {
          throw new NeedsHtml5("comment");
        },
        onprocessinginstruction() {
          throw new NeedsHtml5("processing instruction");
        },
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
    );
    parser.write(html.replace(/\r\n?/g, "\n"));
    parser.end();
  } catch (error) {
    if (error instanceof NeedsHtml5) return null;
    throw error;
  }
  return stack.length === 1 && closed === endTags ? body : null;
}
