import type { BrowserContext, Page } from "@playwright/test";
import { expect, reopenForChanges, signIn, test } from "./fixtures";

/*
 * The desktop app (issue 17, spec §2 "Document editor", §4): the same web build installs from
 * Chromium (web app manifest + service worker), opens its shell offline with a clear offline
 * state, and, installed, puts a desktop bridge on the window and a helper bar in the Word Editor.
 */

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test("the web app manifest is linked and valid, and its icons load as PNGs of their sizes", async ({ page }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/application\/manifest\+json/);
  expect(res.headers()["cache-control"]).toBe("no-cache");
  const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({ name: "ClauseWise", short_name: "ClauseWise", start_url: "/", scope: "/", display: "standalone" });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  // Chromium installs with a 192 and a 512 icon; maskable ones fill the launchers' shapes.
  for (const [size, purpose] of [[192, "any"], [512, "any"], [192, "maskable"], [512, "maskable"]] as const) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && (i.purpose ?? "any").split(" ").includes(purpose));
    expect(icon, `${size} ${purpose} icon`).toBeTruthy();
    const png = await page.request.get(icon!.src);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    const bytes = await png.body();
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([size, size]);
    // And the browser can decode it.
    const decoded = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, icon!.src);
    expect(decoded).toEqual([size, size]);
  }
});

async function controlledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto("/");
  // Installed and activated (the shell is cached once install finished).
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  return page;
}

test("the service worker registers, controls the page after a reload, and serves the shell offline with an offline banner", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  try {
    const sw = await context.request.get("/sw.js");
    expect(sw.status()).toBe(200);
    expect(sw.headers()["cache-control"]).toBe("no-cache");
    expect(sw.headers()["content-security-policy"]).toMatch(/worker-src 'self'/);

    const page = await controlledPage(context);
    await expect(page.getByTestId("offline-banner")).toHaveCount(0);

    // The shell and this build's scripts are in the cache; nothing from /api/ ever is.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute("src");
      return { urls, entry };
    });
    expect(cached.urls).toContain("/index.html");
    expect(cached.urls).toContain(cached.entry);
    expect(cached.urls.filter((u) => u.startsWith("/api/"))).toEqual([]);

    await context.setOffline(true);
    const offline = await page.reload();
    expect(offline?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();
    // A page never opened before opens too: every route is the same shell.
    await page.goto("/pricing");
    await expect(page.getByTestId("offline-banner")).toBeVisible();

    await context.setOffline(false);
    await page.reload();
    await expect(page.getByTestId("offline-banner")).toHaveCount(0);
  } finally {
    await context.close();
  }
});

/** Makes `(display-mode: standalone)` match, as it does in the installed app's window. */
function emulateInstalled(context: BrowserContext) {
  return context.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      if (!query.includes("display-mode: standalone")) return original(query);
      // A live list that matches (an EventTarget, so change listeners can be added as on the real one).
      return Object.assign(new EventTarget(), { matches: true, media: query, onchange: null, addListener() {}, removeListener() {} }) as unknown as MediaQueryList;
    };
  });
}

async function openCaribooEditor(page: Page) {
  await signIn(page, "admin@demo.test");
  const contracts = (await (await page.request.get("/api/contracts")).json()) as { id: string; title: string }[];
  const cariboo = contracts.find((c) => /Cariboo Fibre/.test(c.title))!;
  await page.goto(`/contracts/${cariboo.id}`);
  await page.getByRole("tab", { name: "Word Editor" }).click();
  const editor = page.getByRole("region", { name: "Word Editor" });
  await expect(editor.getByRole("status", { name: "Connection: Live" })).toBeVisible({ timeout: 20_000 });
  return editor;
}

test.describe("the helper bar", () => {
  test.beforeAll(({ playwright }) => reopenForChanges(playwright, /Cariboo Fibre/, "Desktop helper bar journey (e2e)."));

  test("is hidden in a browser tab, where file system access says it is for the desktop app", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    try {
      const page = await context.newPage();
      const editor = await openCaribooEditor(page);
      expect(await page.evaluate(() => "clausewiseDesktop" in window)).toBe(false);
      await expect(page.getByRole("toolbar", { name: "Desktop helper bar" })).toHaveCount(0);
      // In the browser only fullscreen toggles (the toolbar's own button).
      await expect(editor.getByRole("button", { name: "Fullscreen" })).toBeVisible();
      await editor.locator('[aria-label="Contract document"]').click();
      await page.keyboard.press("Control+o");
      const toasts = page.getByRole("region", { name: /Notifications/ });
      await expect(toasts.getByText("Desktop Feature")).toBeVisible();
      await expect(toasts.getByText("File system access is only available in the desktop app")).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("shows in the installed app: Files, Fullscreen and the keyboard shortcuts", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    try {
      await emulateInstalled(context);
      const page = await context.newPage();
      await openCaribooEditor(page);
      // The desktop bridge (spec §4), as web/src/desktop/bridge.ts defines it.
      const bridge = await page.evaluate(() => {
        const desktop = (window as { clausewiseDesktop?: { version: number; shell: string; fileSystemAccess: boolean } }).clausewiseDesktop;
        return desktop && { version: desktop.version, shell: desktop.shell, fileSystemAccess: desktop.fileSystemAccess };
      });
      expect(bridge).toEqual({ version: 1, shell: "installed-web-app", fileSystemAccess: true });

      const bar = page.getByRole("toolbar", { name: "Desktop helper bar" });
      await expect(bar).toBeVisible();
      await expect(bar.getByRole("button", { name: /tray/i })).toHaveCount(0);

      await bar.getByRole("button", { name: "Files" }).click();
      await expect(page.getByRole("menuitem", { name: "Open Word document…" })).toBeVisible();
      await expect(page.getByRole("menuitem", { name: "Save as Word document…" })).toBeVisible();
      await page.keyboard.press("Escape");

      const panel = page.getByRole("tooltip", { name: "Keyboard shortcuts" });
      await expect(panel).toBeHidden();
      await bar.getByRole("button", { name: "Keyboard shortcuts" }).hover();
      await expect(panel).toBeVisible();
      await expect(panel.getByText("Ctrl+S", { exact: true })).toBeVisible();
      await expect(panel.getByText("Find and replace")).toBeVisible();

      await bar.getByRole("button", { name: "Fullscreen" }).click();
      await expect(bar.getByRole("button", { name: "Exit fullscreen" })).toHaveAttribute("aria-pressed", "true");
      await bar.getByRole("button", { name: "Exit fullscreen" }).click();
      await expect(bar.getByRole("button", { name: "Fullscreen" })).toHaveAttribute("aria-pressed", "false");
    } finally {
      await context.close();
    }
  });
});
