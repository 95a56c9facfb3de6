import sanitize from "sanitize-html";
import { IMAGE_SRC_PATTERN, LINK_HREF_PATTERN, MAX_INDENT, readSuggestedBreak } from "@clausewise/shared/editor";

/*
 * The allow-list for documents saved from the editor (PUT /api/contracts/{id}). Everything the
 * editor's schema (@clausewise/shared/editor) renders survives — a save replaces the live document,
 * so whatever is dropped here is deleted from it — and everything that could run or load something
 * is dropped: no script or style elements, no event-handler or unknown attributes, links only to
 * http(s) and mailto, images only https or inline raster data, frames only YouTube embeds. Relative
 * URLs are refused too: `<img src="/api/logout">` would act as whoever opens the document.
 */
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d{1,4}))?\s*\)$/i, /^[a-z]{3,30}$/i];
const ALIGN = [/^(left|right|center|justify|start|end)$/i];
const INLINE_STYLES = {
  color: COLOR,
  "background-color": COLOR,
  "font-size": [/^\d{1,3}(\.\d{1,2})?(px|pt|em|rem|%)$/i],
  // Names, spaces, commas, quotes and hyphens only: no parentheses (url(), expression()), no escapes.
  "font-family": [/^[\w\s,'"-]{1,200}$/],
  "text-align": ALIGN,
};
/** The editor aligns and indents paragraphs and headings on the block itself (the spec's centred 'Contract Title'). */
const BLOCK_STYLES = { "text-align": ALIGN, "margin-inline-start": [/^\d{1,2}(\.\d{1,2})?em$/] };
const INDENT = new RegExp(`^[0-${MAX_INDENT}]$`);
const DIRECTION = /^(ltr|rtl|auto)$/;
/** Suggestion marks (suggestion mode): who suggested what, for which proposed change. */
const SUGGESTION_ATTRIBUTES = ["data-change-id", "data-author-id", "data-author-name", "data-created-at"];
const YOUTUBE_HOSTS = ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "youtube-nocookie.com"];
const BLOCKS_WITH_ALIGNMENT = ["p", "h1", "h2", "h3", "h4", "h5", "h6"];

function keepBlockAttributes(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const { "data-indent": indent, dir, "data-suggested-break": suggested, ...rest } = attribs;
  // A suggested paragraph break (suggestion mode) survives a save as its validated fields only.
  const suggestedBreak = readSuggestedBreak(suggested);
  return {
    tagName,
    attribs: {
      ...rest,
      ...(indent && INDENT.test(indent) ? { "data-indent": indent } : {}),
      ...(dir && DIRECTION.test(dir) ? { dir } : {}),
      ...(suggestedBreak ? { "data-suggested-break": JSON.stringify(suggestedBreak) } : {}),
    },
  };
}

function keepAttribute(tagName: string, attribs: sanitize.Attributes, name: string, allowed: RegExp): sanitize.Tag {
  const { [name]: value, ...rest } = attribs;
  const trimmed = value?.trim();
  return { tagName, attribs: trimmed && allowed.test(trimmed) ? { ...rest, [name]: trimmed } : rest };
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    "p", "h1", "h2", "h3", "h4", "h5", "h6", "ol", "ul", "li", "table", "thead", "tbody", "tr", "th", "td",
    "strong", "b", "em", "i", "u", "s", "sub", "sup", "br", "blockquote", "pre", "code", "span", "a", "img",
    "hr", "ins", "del", "div", "iframe",
  ],
  allowedAttributes: {
    span: ["style"],
    a: ["href"],
    img: ["src", "alt", "title"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
    ins: SUGGESTION_ATTRIBUTES,
    del: SUGGESTION_ATTRIBUTES,
    div: ["data-youtube-video"],
    iframe: ["src", "width", "height"],
    ...Object.fromEntries(BLOCKS_WITH_ALIGNMENT.map((tag) => [tag, ["style", "data-indent", "dir", "data-suggested-break"]])),
  },
  allowedStyles: { span: INLINE_STYLES, ...Object.fromEntries(BLOCKS_WITH_ALIGNMENT.map((tag) => [tag, BLOCK_STYLES])) },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https", "data"], iframe: ["https"] },
  allowedIframeHostnames: YOUTUBE_HOSTS,
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Elements whose text is code or chrome, not document text: dropped with their content.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "title", "head", "object", "embed", "svg", "math", "select", "button"],
  transformTags: {
    a: (tagName, attribs) => keepAttribute(tagName, attribs, "href", LINK_HREF_PATTERN),
    img: (tagName, attribs) => keepAttribute(tagName, attribs, "src", IMAGE_SRC_PATTERN),
    ...Object.fromEntries(BLOCKS_WITH_ALIGNMENT.map((tag) => [tag, keepBlockAttributes])),
  },
  // An image or frame whose source was refused is dropped whole (a frame outside YouTube loses its src).
  exclusiveFilter: (frame) => (frame.tag === "img" || frame.tag === "iframe") && !frame.attribs.src,
};

/** The HTML that is stored for a document; never trust the editor's HTML as it arrives. */
export function sanitizeDocumentHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
