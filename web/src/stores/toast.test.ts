import { afterEach, describe, expect, it } from "vitest";
import { toast, useToastStore } from "./toast";

afterEach(() => useToastStore.setState({ toasts: [] }));

describe("toast store", () => {
  it("shows at most one toast, the newest", () => {
    toast({ title: "First" });
    toast({ title: "Second", description: "Details", variant: "destructive" });
    const { toasts } = useToastStore.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: "Second", description: "Details", variant: "destructive", open: true });
  });

  it("closes a toast on dismiss", () => {
    const id = toast({ title: "Saved" });
    useToastStore.getState().dismiss(id);
    expect(useToastStore.getState().toasts[0]?.open).toBe(false);
  });
});
