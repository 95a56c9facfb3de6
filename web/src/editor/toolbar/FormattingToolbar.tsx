import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Baseline,
  Bold,
  CodeXml,
  Highlighter,
  ImagePlus,
  IndentDecrease,
  IndentIncrease,
  Italic,
  Link,
  List,
  ListOrdered,
  PilcrowLeft,
  PilcrowRight,
  RemoveFormatting,
  SquarePlay,
  Strikethrough,
  Subscript,
  Superscript,
  Table,
  TextQuote,
  Underline,
} from "lucide-react";
import { clearFormatting, currentHeadingLevel, indent, outdent, setHeadingLevel } from "../commands";
import { FONT_FAMILIES, FONT_SIZES_PX } from "../lib/constants";
import { BACKGROUND_COLORS, ColorMenu, TEXT_COLORS } from "./ColorMenu";
import { Toolbar, ToolbarButton, ToolbarGroup, ToolbarSelect } from "./primitives";

export interface InsertActions {
  onLink: () => void;
  onImage: () => void;
  onVideo: () => void;
  onTable: () => void;
}

const HEADING_OPTIONS = [
  { value: 0, label: "Normal text" },
  ...[1, 2, 3, 4, 5, 6].map((level) => ({ value: level, label: `Heading ${level}` })),
];

const ALIGNMENTS = [
  { value: "left", label: "Align left", icon: AlignLeft, shortcut: "Ctrl+Shift+L" },
  { value: "center", label: "Align center", icon: AlignCenter, shortcut: "Ctrl+Shift+E" },
  { value: "right", label: "Align right", icon: AlignRight, shortcut: "Ctrl+Shift+R" },
  { value: "justify", label: "Justify", icon: AlignJustify, shortcut: "Ctrl+Shift+J" },
] as const;

function unquote(font: unknown): string {
  return typeof font === "string" ? (font.split(",")[0]?.trim().replace(/^["']|["']$/g, "") ?? "") : "";
}

function selectionState(editor: Editor) {
  const style = editor.getAttributes("textStyle");
  const block = editor.isActive("heading") ? editor.getAttributes("heading") : editor.getAttributes("paragraph");
  return {
    heading: currentHeadingLevel(editor),
    font: unquote(style.fontFamily),
    size: typeof style.fontSize === "string" ? style.fontSize : "",
    color: typeof style.color === "string" ? style.color : undefined,
    background: typeof style.backgroundColor === "string" ? style.backgroundColor : undefined,
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    underline: editor.isActive("underline"),
    strike: editor.isActive("strike"),
    subscript: editor.isActive("subscript"),
    superscript: editor.isActive("superscript"),
    blockquote: editor.isActive("blockquote"),
    codeBlock: editor.isActive("codeBlock"),
    bulletList: editor.isActive("bulletList"),
    orderedList: editor.isActive("orderedList"),
    link: editor.isActive("link"),
    align: (["left", "center", "right", "justify"] as const).find((a) => editor.isActive({ textAlign: a })) ?? "left",
    dir: block.dir === "rtl" ? "rtl" : "ltr",
  };
}

/** Spec §9 toolbar, formatting half: shown only while the user may change the document directly. */
export function FormattingToolbar({ editor, actions }: { editor: Editor; actions: InsertActions }) {
  const s = useEditorState({ editor, selector: ({ editor: e }) => selectionState(e) });
  const chain = () => editor.chain().focus();
  const fontListed = (FONT_FAMILIES as readonly string[]).includes(s.font);
  const sizeListed = FONT_SIZES_PX.some((px) => `${px}px` === s.size);

  return (
    <Toolbar label="Formatting" className="border-t border-slate-200 px-2 py-1.5">
      <ToolbarGroup label="Text style">
        <ToolbarSelect label="Paragraph style" value={s.heading} onChange={(e) => setHeadingLevel(editor, Number(e.target.value))} className="w-34">
          {HEADING_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </ToolbarSelect>
        <ToolbarSelect
          label="Font"
          value={fontListed ? s.font : ""}
          onChange={(e) => (e.target.value ? chain().setFontFamily(e.target.value).run() : chain().unsetFontFamily().run())}
          className="w-36"
        >
          <option value="">{s.font && !fontListed ? s.font : "Default font"}</option>
          {FONT_FAMILIES.map((font) => (
            <option key={font} value={font} style={{ fontFamily: font }}>
              {font}
            </option>
          ))}
        </ToolbarSelect>
        <ToolbarSelect
          label="Font size"
          value={sizeListed ? s.size : ""}
          onChange={(e) => (e.target.value ? chain().setFontSize(e.target.value).run() : chain().unsetFontSize().run())}
          className="w-20"
        >
          <option value="">{s.size && !sizeListed ? s.size : "Size"}</option>
          {FONT_SIZES_PX.map((px) => (
            <option key={px} value={`${px}px`}>
              {px}
            </option>
          ))}
        </ToolbarSelect>
      </ToolbarGroup>

      <ToolbarGroup label="Character formatting">
        <ToolbarButton label="Bold" shortcut="Ctrl+B" pressed={s.bold} onClick={() => chain().toggleBold().run()}>
          <Bold aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Italic" shortcut="Ctrl+I" pressed={s.italic} onClick={() => chain().toggleItalic().run()}>
          <Italic aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Underline" shortcut="Ctrl+U" pressed={s.underline} onClick={() => chain().toggleUnderline().run()}>
          <Underline aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Strikethrough" shortcut="Ctrl+Shift+S" pressed={s.strike} onClick={() => chain().toggleStrike().run()}>
          <Strikethrough aria-hidden="true" />
        </ToolbarButton>
        <ColorMenu
          label="Text colour"
          icon={<Baseline aria-hidden="true" />}
          colors={TEXT_COLORS}
          current={s.color}
          resetLabel="Default colour"
          onPick={(color) => chain().setColor(color).run()}
          onReset={() => chain().unsetColor().run()}
        />
        <ColorMenu
          label="Background colour"
          icon={<Highlighter aria-hidden="true" />}
          colors={BACKGROUND_COLORS}
          current={s.background}
          resetLabel="No background"
          onPick={(color) => chain().setBackgroundColor(color).run()}
          onReset={() => chain().unsetBackgroundColor().run()}
        />
        <ToolbarButton label="Subscript" shortcut="Ctrl+," pressed={s.subscript} onClick={() => chain().toggleSubscript().run()}>
          <Subscript aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Superscript" shortcut="Ctrl+." pressed={s.superscript} onClick={() => chain().toggleSuperscript().run()}>
          <Superscript aria-hidden="true" />
        </ToolbarButton>
      </ToolbarGroup>

      <ToolbarGroup label="Blocks">
        <ToolbarButton label="Quote" shortcut="Ctrl+Shift+B" pressed={s.blockquote} onClick={() => chain().toggleBlockquote().run()}>
          <TextQuote aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Code block" shortcut="Ctrl+Alt+C" pressed={s.codeBlock} onClick={() => chain().toggleCodeBlock().run()}>
          <CodeXml aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Bulleted list" shortcut="Ctrl+Shift+8" pressed={s.bulletList} onClick={() => chain().toggleBulletList().run()}>
          <List aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Numbered list" shortcut="Ctrl+Shift+7" pressed={s.orderedList} onClick={() => chain().toggleOrderedList().run()}>
          <ListOrdered aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Decrease indent" shortcut="Ctrl+[" onClick={() => outdent(editor)}>
          <IndentDecrease aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Increase indent" shortcut="Ctrl+]" onClick={() => indent(editor)}>
          <IndentIncrease aria-hidden="true" />
        </ToolbarButton>
      </ToolbarGroup>

      <ToolbarGroup label="Direction and alignment">
        <ToolbarButton label="Left-to-right text" pressed={s.dir === "ltr"} onClick={() => chain().setBlockDirection(null).run()}>
          <PilcrowRight aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Right-to-left text" pressed={s.dir === "rtl"} onClick={() => chain().setBlockDirection("rtl").run()}>
          <PilcrowLeft aria-hidden="true" />
        </ToolbarButton>
        {ALIGNMENTS.map(({ value, label, icon: Icon, shortcut }) => (
          <ToolbarButton key={value} label={label} shortcut={shortcut} pressed={s.align === value} onClick={() => chain().setTextAlign(value).run()}>
            <Icon aria-hidden="true" />
          </ToolbarButton>
        ))}
      </ToolbarGroup>

      <ToolbarGroup label="Insert">
        <ToolbarButton label="Insert link" shortcut="Ctrl+K" pressed={s.link} onClick={actions.onLink}>
          <Link aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Insert image" onClick={actions.onImage}>
          <ImagePlus aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Insert video" onClick={actions.onVideo}>
          <SquarePlay aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Insert table" onClick={actions.onTable}>
          <Table aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Clear formatting" shortcut="Ctrl+\" onClick={() => clearFormatting(editor)}>
          <RemoveFormatting aria-hidden="true" />
        </ToolbarButton>
      </ToolbarGroup>
    </Toolbar>
  );
}
