import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical axe-core violations of the screen, one line each (rule and where).
 * Toasts come and go with their own close button; the screen is what is checked here.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).exclude('.mantine-Notification-root').analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' ')}`);
}
