import { useState } from "react";
import { BookOpen, ChevronDown, Eye, Search } from "lucide-react";
import clsx from "clsx";
import { SUPPORT_MESSAGES, type KnowledgeBaseArticle } from "@clausewise/shared";
import { useKnowledgeBase, useViewArticle } from "../../api/support";
import { StatusPanel } from "../../components/StatusPanel";
import { Badge } from "../../components/ui/badge";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { LoadingState } from "../../components/ui/spinner";
import { useDebouncedValue } from "../../lib/hooks";

const SEARCH_DEBOUNCE_MS = 300;

/** Article text is plain: blank lines part paragraphs, "- " starts a list item. Never rendered as HTML. */
function ArticleBody({ content }: { content: string }) {
  return (
    <div className="space-y-3 text-sm leading-relaxed text-slate-700">
      {content.split(/\n{2,}/).map((block, index) => {
        const lines = block.split("\n");
        const items = lines.filter((line) => line.startsWith("- "));
        const intro = lines.filter((line) => !line.startsWith("- "));
        return (
          <div key={index} className="space-y-1.5">
            {intro.length > 0 && <p>{intro.join(" ")}</p>}
            {items.length > 0 && (
              <ul className="list-disc space-y-1 pl-5">
                {items.map((item, i) => (
                  <li key={i}>{item.slice(2)}</li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </div>
  );
}

function ArticleItem({ article }: { article: KnowledgeBaseArticle }) {
  const [open, setOpen] = useState(false);
  const view = useViewArticle();
  const shown = view.data ?? article;
  const toggle = () => {
    if (!open && !view.data && !view.isPending) view.mutate(article.id);
    setOpen(!open);
  };
  const panelId = `article-${article.id}`;
  return (
    <li>
      <Card>
        <button
          type="button"
          onClick={toggle}
          aria-expanded={open}
          aria-controls={panelId}
          className="flex w-full items-start justify-between gap-3 p-4 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">{shown.title}</span>
            <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
              <Badge tone="brand">{shown.category}</Badge>
              {shown.tags.slice(0, 4).map((tag) => (
                <Badge key={tag}>{tag}</Badge>
              ))}
              <span className="inline-flex items-center gap-1">
                <Eye aria-hidden="true" className="size-3.5" />
                {shown.viewCount} {shown.viewCount === 1 ? "view" : "views"}
              </span>
            </span>
          </span>
          <ChevronDown aria-hidden="true" className={clsx("mt-1 size-4 shrink-0 text-slate-500 transition-transform", open && "rotate-180")} />
        </button>
        {open && (
          <div id={panelId} className="border-t border-slate-100 px-4 pt-3 pb-4">
            <ArticleBody content={shown.content} />
          </div>
        )}
      </Card>
    </li>
  );
}

/** Billing spec §2 Help Center: public, searchable on title or content (the server matches, case-insensitively). */
export function HelpCenter() {
  const [search, setSearch] = useState("");
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const articles = useKnowledgeBase(term);

  let body;
  if (articles.isPending) body = <LoadingState label="Loading articles..." />;
  else if (articles.isError)
    body = (
      <p className="text-sm text-red-600" role="alert">
        The help articles could not be loaded.{" "}
        <button type="button" className="font-medium underline" onClick={() => void articles.refetch()}>
          Retry
        </button>
      </p>
    );
  else if (articles.data.length === 0)
    body = (
      <Card>
        <StatusPanel icon={BookOpen} title={term ? "No matches" : "No articles"}>
          {term ? SUPPORT_MESSAGES.noMatchingArticles : SUPPORT_MESSAGES.noArticles}
        </StatusPanel>
      </Card>
    );
  else
    body = (
      <ul className="space-y-3" aria-label="Help articles">
        {articles.data.map((article) => (
          <ArticleItem key={article.id} article={article} />
        ))}
      </ul>
    );

  return (
    <div className="space-y-4">
      <div className="relative max-w-xl">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        <Input
          type="search"
          aria-label="Search help articles"
          placeholder="Search help articles..."
          className="pl-9"
          value={search}
          maxLength={200}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {body}
    </div>
  );
}
