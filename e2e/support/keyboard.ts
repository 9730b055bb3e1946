import type { Page } from 'playwright-core';

const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"]';

/**
 * Walks the screen with the Tab key, as a keyboard user would: how many visible controls there
 * are, how many focus reached, and those it never reached (described by tag and name). With a modal dialog open, only the
 * dialog counts: the page behind it is meant to be out of reach. Controls a page deliberately
 * takes out of the tab order (tabindex -1, such as a password field's show button) are not
 * expected; of a group of radio buttons one stop is enough, as arrows move within the group.
 */
export async function keyboardWalk(
  page: Page,
): Promise<{ controls: number; reached: number; unreached: string[] }> {
  const expected = await page.evaluate((selector) => {
    const dialogs = [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')];
    const scope = dialogs.at(-1) ?? document.body;
    const controls = [...scope.querySelectorAll<HTMLElement>(selector)].filter(
      (element) =>
        element.tabIndex >= 0 &&
        !(element as HTMLButtonElement).disabled &&
        !element.closest('[inert], [aria-hidden="true"], .mantine-Notification-root') &&
        element.checkVisibility({ visibilityProperty: true }) &&
        element.getClientRects().length > 0,
    );
    controls.forEach((element, index) => element.setAttribute('data-keyboard-walk', String(index)));
    // A start point out of the tab order at the top, so the walk begins where a person's does.
    const start = document.createElement('div');
    start.tabIndex = -1;
    start.id = 'keyboard-walk-start';
    document.body.prepend(start);
    start.focus();
    return controls.map((element) => ({
      index: String(controls.indexOf(element)),
      group: element instanceof HTMLInputElement && element.type === 'radio' ? element.name : '',
      label: `${element.tagName.toLowerCase()} "${(
        element.getAttribute('aria-label') ??
        element.textContent ??
        ''
      )
        .trim()
        .slice(0, 40)}"`,
    }));
  }, CONTROLS);

  const reached = new Set<string>();
  const limit = expected.length * 2 + 20;
  let first: string | null = null;
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return null;
      return active.closest('[data-keyboard-walk]')?.getAttribute('data-keyboard-walk') ?? '';
    });
    // Focus left the document (past the last control) or came round again: the walk is over.
    if (focused === null || (focused !== '' && focused === first)) break;
    if (focused !== '') {
      first ??= focused;
      reached.add(focused);
    }
  }
  await page.evaluate(() => {
    document.getElementById('keyboard-walk-start')?.remove();
    document
      .querySelectorAll('[data-keyboard-walk]')
      .forEach((element) => element.removeAttribute('data-keyboard-walk'));
  });

  const reachedGroups = new Set(
    expected.filter((control) => reached.has(control.index) && control.group).map((c) => c.group),
  );
  const unreached = expected
    .filter((control) => !reached.has(control.index))
    .filter((control) => !(control.group && reachedGroups.has(control.group)))
    .map((control) => control.label);
  return { controls: expected.length, reached: reached.size, unreached };
}
