/**
 * The live Word Editor. Import it lazily so TipTap and Yjs stay out of other pages' chunks:
 *
 *   const CollaborativeEditor = lazy(() => import("../../editor"));
 *   <Suspense fallback={…}><CollaborativeEditor contract={contract} user={user} /></Suspense>
 *
 * or use `LazyCollaborativeEditor` from "../../editor/lazy", which does exactly that.
 */
export { CollaborativeEditor, CollaborativeEditor as default, type CollaborativeEditorProps } from "./CollaborativeEditor";
export { SUGGESTION_TRACKING_EXTENSION, type EditorExtensionContext, type ExtraExtensions } from "./extension-points";
export type { ConnectFn, CollabProvider } from "./collab/session";
