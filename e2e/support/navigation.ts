import type { Page } from 'playwright-core';

/** The sidebar's own links, in order: the screens the signed-in user can open. */
export async function sidebarPaths(page: Page): Promise<string[]> {
  const links = page.locator('#app-navbar a[href]');
  await links.first().waitFor();
  const hrefs = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname),
  );
  return [...new Set(hrefs)];
}
