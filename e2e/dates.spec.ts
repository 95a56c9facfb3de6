import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, openRailTab, test } from "./fixtures";

/*
 * Issue 17: a date-only value (an exhibit's expected date) is a calendar day. It reads the same in a
 * browser east of Toronto (Halifax) and west of it (Vancouver), and the same as the notification that
 * announced it: no day shifted by the browser's time zone.
 */

const EXPECTED = "2031-03-09";
const SHOWN = "Mar 9, 2031";

async function signInOn(request: APIRequestContext, email: string): Promise<{ id: string }> {
  expect((await request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } })).status()).toBe(200);
  return (await (await request.get("/api/auth/user")).json()) as { id: string };
}

/** The exhibit's card in the tracker, on the Exhibits tab of the contract workspace's rail. */
async function exhibitCard(page: Page, contractId: string, title: string) {
  await page.goto(`/contracts/${contractId}`);
  await openRailTab(page, "Exhibits");
  const card = page.getByRole("region", { name: "Exhibit Tracker" }).getByRole("article", { name: title });
  await expect(card).toBeVisible({ timeout: 15_000 });
  return card;
}

for (const timezoneId of ["America/Halifax", "America/Vancouver"]) {
  test.describe(`a browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("shows an exhibit's expected date as the day it is, the same text as the notification", async ({ page, playwright, baseURL }) => {
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
      const title = `Commissioning Plan ${timezoneId} ${Date.now()}`;

      // The approver is signed in in this browser; the reviewer adds the exhibit and assigns it to them.
      const approver = await signInOn(page.request, "approver@demo.test");
      const reviewer = await playwright.request.newContext({ baseURL });
      try {
        await signInOn(reviewer, "reviewer@demo.test");
        const contracts = (await (await reviewer.get("/api/contracts")).json()) as { id: string; title: string }[];
        const contract = contracts.find((c) => /Wapiti Ridge/.test(c.title)) ?? contracts[0]!;
        const created = await reviewer.post(`/api/contracts/${contract.id}/exhibits`, {
          multipart: { title, isPlanned: "true", expectedDate: EXPECTED, assignedTo: approver.id },
        });
        expect(created.status()).toBe(201);
        // Exchanged as the day itself.
        expect(((await created.json()) as { expectedDate: string }).expectedDate).toBe(EXPECTED);

        const notices = (await (await page.request.get("/api/notifications")).json()) as { title: string; message: string }[];
        const notice = notices.find((n) => n.message.includes(title));
        expect(notice?.message).toContain(`by ${SHOWN}.`);

        const card = await exhibitCard(page, contract.id, title);
        await expect(card.locator(`time[datetime="${EXPECTED}"]`)).toHaveText(SHOWN);
      } finally {
        await reviewer.dispose();
      }
    });
  });
}
