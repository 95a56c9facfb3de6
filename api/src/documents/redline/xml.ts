import { Parser } from "htmlparser2";

/*
 * A small XML tree for Office Open XML parts. Names are rewritten to the prefixes the standard uses
 * (w:, w14:, w15:) whatever prefix the file bound to those namespaces, so the reader can match on
 * "w:p" even for Strict OOXML or an unusual writer. htmlparser2 in XML mode never expands entities a
 * DTD declares, so an entity bomb stays text.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const CANONICAL_PREFIXES: Record<string, string> = {
  "http://schemas.openxmlformats.org/wordprocessingml/2006/main": "w",
  "http://purl.oclc.org/ooxml/wordprocessingml/main": "w",
  "http://schemas.microsoft.com/office/word/2010/wordml": "w14",
  "http://schemas.microsoft.com/office/word/2012/wordml": "w15",
  "http://schemas.openxmlformats.org/markup-compatibility/2006": "mc",
};

type Scope = Map<string, string>;

function canonical(name: string, scope: Scope): string {
  const colon = name.indexOf(":");
  const prefix = colon < 0 ? "" : name.slice(0, colon);
  const local = colon < 0 ? name : name.slice(colon + 1);
  const uri = scope.get(prefix);
  const wanted = uri ? CANONICAL_PREFIXES[uri] : undefined;
  return wanted ? `${wanted}:${local}` : name;
}

/** Parses one XML part; throws when it is not well-formed enough to have a root element. */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: "#root", attrs: {}, children: [] };
  const stack: { element: XmlElement; scope: Scope }[] = [{ element: root, scope: new Map() }];
  const parser = new Parser(
    {
      onopentag(rawName, rawAttrs) {
        const parent = stack.at(-1)!;
        let scope = parent.scope;
        for (const [key, value] of Object.entries(rawAttrs)) {
          if (key === "xmlns" || key.startsWith("xmlns:")) {
            if (scope === parent.scope) scope = new Map(scope);
            scope.set(key === "xmlns" ? "" : key.slice(6), value);
          }
        }
        const attrs: Record<string, string> = {};
        for (const [key, value] of Object.entries(rawAttrs)) {
          if (key !== "xmlns" && !key.startsWith("xmlns:")) attrs[key.includes(":") ? canonical(key, scope) : key] = value;
        }
        const element: XmlElement = { name: canonical(rawName, scope), attrs, children: [] };
        parent.element.children.push(element);
        stack.push({ element, scope });
      },
      ontext(text) {
        stack.at(-1)!.element.children.push(text);
      },
      onclosetag() {
        if (stack.length > 1) stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.write(xml);
  parser.end();
  const element = root.children.find((c): c is XmlElement => typeof c !== "string");
  if (!element) throw new Error("Not an XML document");
  return element;
}

export const elements = (node: XmlElement): XmlElement[] => node.children.filter((c): c is XmlElement => typeof c !== "string");
export const child = (node: XmlElement, name: string): XmlElement | undefined => elements(node).find((c) => c.name === name);
export const textOf = (node: XmlElement): string => node.children.map((c) => (typeof c === "string" ? c : "")).join("");

/** On/off properties (w:b, w:i …): present means on unless w:val says 0/false/off. */
export function isOn(property: XmlElement | undefined): boolean {
  if (!property) return false;
  const value = property.attrs["w:val"];
  return value === undefined || !["0", "false", "off", "none"].includes(value.toLowerCase());
}
