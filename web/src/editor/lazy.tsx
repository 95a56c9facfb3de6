import { lazy, Suspense } from "react";
import { LoadingState } from "../components/ui/spinner";
import type { CollaborativeEditorProps } from "./CollaborativeEditor";

const Editor = lazy(() => import("./index"));

/**
 * The Word Editor behind a dynamic import: pages can import this file statically; the editor's
 * chunk (TipTap, Yjs, the toolbar) loads when it first renders.
 */
export function LazyCollaborativeEditor(props: CollaborativeEditorProps) {
  return (
    <Suspense fallback={<LoadingState label="Loading the editor..." className="min-h-96" />}>
      <Editor {...props} />
    </Suspense>
  );
}
