import clsx from "clsx";
import { blockElement, DOCUMENT_TEXT_CLASS, type BlockKind } from "./block-style";

interface PlainBlock {
  kind: BlockKind;
  level?: number;
  text: string;
}

/** A document's blocks as plain, read-only text (the Word Editor tab, versions). */
export function ReadOnlyBlocks({ blocks, label, className }: { blocks: readonly PlainBlock[]; label: string; className?: string }) {
  if (blocks.length === 0) return <p className="text-sm text-slate-500">This document has no text.</p>;
  return (
    <article aria-label={label} className={clsx("space-y-4", DOCUMENT_TEXT_CLASS, className)}>
      {blocks.map((block, index) => {
        const { Tag, className: blockClass } = blockElement(block.kind, block.level);
        return (
          <Tag key={index} className={blockClass}>
            {block.text}
          </Tag>
        );
      })}
    </article>
  );
}
