import * as AvatarPrimitive from "@radix-ui/react-avatar";
import clsx from "clsx";

/** The user's picture, or their initial while it loads or when there is none. */
export function Avatar({ src, initial, className }: { src?: string | null; initial: string; className?: string }) {
  return (
    <AvatarPrimitive.Root
      className={clsx("inline-flex size-9 shrink-0 overflow-hidden rounded-full bg-brand-100 select-none", className)}
    >
      {src && <AvatarPrimitive.Image src={src} alt="" className="size-full object-cover" />}
      <AvatarPrimitive.Fallback
        delayMs={src ? 400 : undefined}
        className="flex size-full items-center justify-center text-sm font-semibold text-brand-800"
      >
        {initial}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
