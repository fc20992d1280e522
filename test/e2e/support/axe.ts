// axe-core in Chromium: the serious and critical violations of a page as it is now, at desktop and at
// phone width. A context made with withAxe() carries axe-core into every page as it loads.
import { AxeBuilder } from '@axe-core/playwright';
import axe, { type NodeResult } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { flattenGradients } from './flatten-gradients.js';

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** What AxeBuilder injects: nothing, since open() put axe-core in the page already. */
const AXE_ALREADY_LOADED = 'void 0';

/** Puts axe-core into every page of the context as it loads (seriousViolations expects it there). */
export async function withAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript(axe.source);
}

/** Where, and axe's own account of what is wrong there (for contrast: the two colours and the ratio). */
const describeNode = (node: NodeResult) => `${node.target.join(' ')} (${(node.failureSummary ?? '').replace(/\s+/g, ' ').trim()})`;

/** Serious and critical violations of the current page as readable lines (rule, help, where and why). */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  // `below-fold` blocks skip rendering until they near the viewport: draw them, so axe judges them too.
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('.below-fold')) el.style.setProperty('content-visibility', 'visible', 'important');
  });
  await flattenGradients(page);
  // Legacy mode runs axe in the page itself instead of gathering frame results in a new blank page:
  // the app has no frames of its own, and it is twice as fast. Only violations are collected.
  const { violations } = await new AxeBuilder({ page, axeSource: AXE_ALREADY_LOADED })
    .withTags(TAGS)
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map(describeNode).join(' | ')}`);
}

/** Lets the page restyle (a new width, a hover's colour transition) before axe reads it. */
export const twoFrames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Runs axe at desktop and at phone width on the page as it is now. */
export async function atBothWidths(page: Page, where: string): Promise<string[]> {
  await page.setViewportSize(DESKTOP);
  const found = await seriousViolations(page, `${where} @${DESKTOP.width}`);
  await page.setViewportSize(PHONE);
  await twoFrames(page);
  found.push(...(await seriousViolations(page, `${where} @${PHONE.width}`)));
  await page.setViewportSize(DESKTOP);
  return found;
}
