// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ShowAllList, visibleItems } from "./ShowAllList";

afterEach(cleanup);

describe("visibleItems", () => {
  it("is the first 3 unless expanded", () => {
    expect(visibleItems([1, 2, 3, 4, 5], false)).toEqual([1, 2, 3]);
    expect(visibleItems([1, 2, 3, 4, 5], true)).toEqual([1, 2, 3, 4, 5]);
    expect(visibleItems([1, 2], false)).toEqual([1, 2]);
    expect(visibleItems([], false)).toEqual([]);
  });
});

describe("ShowAllList", () => {
  const renderList = (items: string[]) =>
    render(<ShowAllList label="Things" items={items} getKey={(s) => s} renderItem={(s) => <span>{s}</span>} />);

  it("offers no expander for 3 items or fewer", () => {
    renderList(["a", "b", "c"]);
    expect(within(screen.getByRole("list", { name: "Things" })).getAllByRole("listitem")).toHaveLength(3);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("expands to all and back, announcing its state", () => {
    renderList(["a", "b", "c", "d"]);
    const list = screen.getByRole("list", { name: "Things" });
    const button = screen.getByRole("button", { name: "Show all (4), things" });
    expect(button.getAttribute("aria-controls")).toBe(list.id);
    fireEvent.click(button);
    expect(within(list).getAllByRole("listitem")).toHaveLength(4);
    expect(screen.getByRole("button", { name: "Show less, things" }).getAttribute("aria-expanded")).toBe("true");
  });
});
