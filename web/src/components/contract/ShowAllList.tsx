import { useId, useState, type ReactNode } from "react";
import { ChevronDown, ChevronUp } from "lucide-react";
import clsx from "clsx";

/** Spec §9: lists on the contract detail show the first 3 items. */
export const FIRST_ITEMS = 3;

/** The items on screen: the first `limit` unless expanded. */
export function visibleItems<T>(items: readonly T[], expanded: boolean, limit = FIRST_ITEMS): readonly T[] {
  return expanded ? items : items.slice(0, limit);
}

interface ShowAllListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  className?: string;
  itemClassName?: string;
}

/** The first 3 items, and 'Show all (N)' / 'Show less' when there are more. */
export function ShowAllList<T>({ items, getKey, renderItem, label, className, itemClassName }: ShowAllListProps<T>) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const shown = visibleItems(items, expanded);
  return (
    <div>
      <ul id={listId} aria-label={label} className={clsx("space-y-2", className)}>
        {shown.map((item) => (
          <li key={getKey(item)} className={itemClassName}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {items.length > FIRST_ITEMS && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
          className="mt-2 inline-flex items-center gap-1 rounded text-xs font-medium text-brand-700 hover:text-brand-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {expanded ? <ChevronUp aria-hidden="true" className="size-3.5" /> : <ChevronDown aria-hidden="true" className="size-3.5" />}
          {expanded ? "Show less" : `Show all (${items.length})`}
          {/* Several lists sit side by side: the hidden words tell screen readers which one. */}
          <span className="sr-only">{`, ${label.toLowerCase()}`}</span>
        </button>
      )}
    </div>
  );
}
