import { expect, test } from "./fixtures";

/* Issue 17 item 5: the dashboard as an overview at 1280 px; a new company starts with an upload. */
test.use({ viewport: { width: 1280, height: 900 } });

test("a new company's dashboard offers the first upload; the contract table sorts and pages on the server", async ({ page }) => {
  const email = `dashboard-${Date.now()}@overview-epc.test`;
  await page.goto("/signup");
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Ash");
  await page.getByLabel("Company name").fill("Overview EPC Ltd.");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a-long-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Contract Review Dashboard" })).toBeVisible();

  // Empty company: an upload call to action, not a list to choose from.
  await expect(page.getByRole("heading", { name: "No contracts yet" })).toBeVisible();
  await expect(page.getByText("Select a contract to review")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "My work" })).toBeVisible();
  await page.getByRole("button", { name: "Upload your first contract" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Contract" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // Twelve contracts, A to L, uploaded in a shuffled order.
  const letters = "ABCDEFGHIJKL".split("");
  for (const letter of ["G", "C", "K", "A", "E", "I", "B", "L", "D", "H", "F", "J"]) {
    const res = await page.request.post("/api/contracts", {
      multipart: {
        title: `Agreement ${letter}`,
        processingConsent: "true",
        priority: letter < "F" ? "high" : "low",
        file: { name: `agreement-${letter}.txt`, mimeType: "text/plain", buffer: Buffer.from(`1. Scope. The Contractor shall supply item ${letter}.`) },
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.reload();
  const list = page.getByRole("region", { name: "Active Contracts" });
  const table = list.getByRole("table", { name: "Contracts" });
  await expect(list.getByText("1–12 of 12")).toBeVisible();
  // Full width beside nothing: the table spans most of the 1280 px window.
  const box = await table.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(900);

  await list.getByLabel("Rows per page").selectOption("10");
  await expect(list.getByText("1–10 of 12")).toBeVisible();

  const titleHeader = table.getByRole("columnheader", { name: /Title/ });
  await titleHeader.getByRole("button").click();
  await expect(titleHeader).toHaveAttribute("aria-sort", "ascending");
  const titles = table.getByRole("row").getByRole("link");
  await expect(titles).toHaveText(letters.slice(0, 10).map((l) => `Agreement ${l}`));

  await list.getByRole("button", { name: "Next" }).click();
  await expect(list.getByText("11–12 of 12")).toBeVisible();
  await expect(titles).toHaveText(["Agreement K", "Agreement L"]);
  await expect(list.getByRole("button", { name: "Next" })).toBeDisabled();
  await list.getByRole("button", { name: "Previous" }).click();
  await expect(list.getByText("1–10 of 12")).toBeVisible();

  await titleHeader.getByRole("button").click();
  await expect(titleHeader).toHaveAttribute("aria-sort", "descending");
  await expect(titles.first()).toHaveText("Agreement L");
  await list.getByRole("button", { name: "Next" }).click();
  await expect(titles).toHaveText(["Agreement B", "Agreement A"]);

  // Priority: most urgent first; the search keeps working with the sort.
  await table.getByRole("columnheader", { name: /Priority/ }).getByRole("button").click();
  await expect(list.getByText("1–10 of 12")).toBeVisible();
  await expect(table.getByRole("row").nth(1)).toContainText("High");
  await list.getByRole("searchbox", { name: "Search contracts" }).fill("Agreement K");
  await expect(titles).toHaveText(["Agreement K"]);
  await expect(list.getByText("1–1 of 1")).toBeVisible();
});
