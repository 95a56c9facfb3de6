import * as ToastPrimitive from "@radix-ui/react-toast";
import { CircleAlert, CircleCheck, X } from "lucide-react";
import clsx from "clsx";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "@clausewise/shared";
import { useToastStore } from "../../stores/toast";

/** Renders the toast store (spec §9: one at a time, 5 s, swipe right past 50 px, F8 to focus). */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);

  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map((item) => {
        const destructive = item.variant === "destructive";
        const Icon = destructive ? CircleAlert : CircleCheck;
        return (
          <ToastPrimitive.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismiss(item.id);
            }}
            type={destructive ? "foreground" : "background"}
            className={clsx(
              "group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
              "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
              "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0",
              "data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out",
              destructive ? "border-red-200 bg-red-50 text-red-900" : "border-slate-200 bg-white text-slate-900",
            )}
          >
            <Icon
              aria-hidden="true"
              className={clsx("mt-0.5 size-5 shrink-0", destructive ? "text-red-600" : "text-emerald-600")}
            />
            <div className="min-w-0 space-y-1">
              <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
              {item.description && (
                <ToastPrimitive.Description className={clsx("text-sm", destructive ? "text-red-800" : "text-slate-600")}>
                  {item.description}
                </ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close
              aria-label="Close"
              className="absolute top-3 right-3 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none sm:p-6"
      />
    </ToastPrimitive.Provider>
  );
}
