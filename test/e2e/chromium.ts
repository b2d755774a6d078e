// Debian's Chromium for the browser tests (playwright-core cannot download browsers here).
import { existsSync, mkdirSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumAvailable = existsSync(CHROMIUM);
if (!chromiumAvailable && process.env.REQUIRE_BROWSER)
  throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
if (!chromiumAvailable) console.warn(`browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    // No sandbox as root; no background traffic: this machine has no network beyond loopback.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });

/** Where page tests put their screenshots (gitignored), to be looked at after a layout change. */
export const SHOTS = new URL("screenshots", import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

/**
 * What every page must get right, measured in the page: standards mode (compatMode), no sideways scrolling
 * (documentElement.scrollWidth), and the icon named by <link rel="icon"> decoding as an image (so it loaded, under
 * the page's own CSP); icon is 0 when it did not. `overflowing` names the first elements past the right edge.
 */
export const measure = (page: Page) =>
  page.evaluate<{ mode: string; scrollWidth: number; icon: number; overflowing: string[] }>(`(async () => {
    const link = document.querySelector('link[rel="icon"]');
    let icon = 0;
    if (link) {
      const img = new Image();
      img.src = link.href;
      try { await img.decode(); icon = img.naturalWidth; } catch {}
    }
    const overflowing = [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > innerWidth + 1)
      .slice(0, 5)
      .map((el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className ? "." + el.className : ""));
    return { mode: document.compatMode, scrollWidth: document.documentElement.scrollWidth, icon, overflowing };
  })()`);

/** Reports CSP violations as console errors, which the page's console listener then sees. */
export const reportCspViolations = (page: Page) =>
  page.addInitScript(`document.addEventListener("securitypolicyviolation", (e) =>
    console.error("Refused to load " + e.blockedURI + " (Content Security Policy " + e.violatedDirective + ")"))`);
