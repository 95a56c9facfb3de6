/** An author's name; one who is not a member (imported from a Word file) says so. */
export function AuthorName({ name, external }: { name: string; external?: boolean }) {
  if (!external) return <>{name}</>;
  return (
    <span title="From an imported Word file: not a member of your team">
      {name} <span className="font-normal text-slate-500">(external)</span>
    </span>
  );
}
