// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { trackInputModality } from "./input-modality";

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  delete document.documentElement.dataset.input;
});

describe("trackInputModality", () => {
  it("says pointer after a click or touch and keyboard after a navigation key, never for typing or shortcuts", () => {
    stop = trackInputModality();
    const root = document.documentElement;
    expect(root.dataset.input).toBeUndefined();
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(root.dataset.input).toBe("pointer");
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "a", bubbles: true }));
    expect(root.dataset.input).toBe("pointer");
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", ctrlKey: true, bubbles: true }));
    expect(root.dataset.input).toBe("pointer");
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }));
    expect(root.dataset.input).toBe("keyboard");
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(root.dataset.input).toBe("pointer");
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    expect(root.dataset.input).toBe("keyboard");
  });

  it("stops listening when stopped", () => {
    trackInputModality()();
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }));
    expect(document.documentElement.dataset.input).toBeUndefined();
  });
});
