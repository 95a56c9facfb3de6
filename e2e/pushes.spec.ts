import { expect, signIn, test } from "./fixtures";

/**
 * The bell polls every 30 s; a push must update it well before that. The reviewer proposes a change
 * through the API, which notifies the approvers (approval_required) and pushes notification:new.
 */
test("an approver's bell counts a new approval request at once, by push", async ({ page, playwright, baseURL }) => {
  await signIn(page, "approver@demo.test");
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  const before = Number((await bell.getAttribute("aria-label"))?.match(/\((\d+) unread\)/)?.[1] ?? 0);

  const reviewer = await playwright.request.newContext({ baseURL });
  const login = await reviewer.post("/api/auth/login", { data: { email: "reviewer@demo.test", password: "demo-password" } });
  expect(login.status()).toBe(200);
  const contracts = (await (await reviewer.get("/api/contracts")).json()) as { id: string; status: string }[];
  const target = contracts.find((c) => c.status === "under_review")!;
  const text = (await (await reviewer.get(`/api/contracts/${target.id}/text`)).json()) as { blocks: { text: string; start: number }[] };
  const block = text.blocks.find((b) => b.text.length > 40)!;
  const original = block.text.slice(0, 12);
  const res = await reviewer.post(`/api/contracts/${target.id}/changes`, {
    data: { changeType: "replace", originalText: original, newText: `${original} (as amended)`, position: JSON.stringify({ start: block.start, end: block.start + 12 }) },
  });
  expect(res.status()).toBe(201);

  await expect(bell).toHaveAttribute("aria-label", `Notifications (${before + 1} unread)`, { timeout: 10_000 });
  await reviewer.dispose();
});
