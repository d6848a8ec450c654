import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

type Infraccion = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

const ETIQUETAS_WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Waits for the page's animations and transitions that end (a dialog fading in, a badge changing
 * colour) to end: axe measures contrast with the colours of the moment, and halfway they are
 * neither the first nor the last. The endless ones (a loader) are left running.
 */
async function esperarAnimaciones(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Two frames: a transition that a render has just asked for starts on the next one.
    for (let i = 0; i < 2; i++) await new Promise((ok) => requestAnimationFrame(ok));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}

/**
 * The serious and critical WCAG 2.1 A and AA violations of the page, or of what `incluir`
 * selects, once what was moving on it has settled.
 */
export async function infraccionesGraves(page: Page, incluir?: string): Promise<Infraccion[]> {
  await esperarAnimaciones(page);
  // The same rules on the same nodes, run faster: only violations are gathered (axe skips the
  // details of what passed), and in the page itself, as axe.run does (the default runs each frame
  // apart, then opens a blank page, injects axe again and merges the results there). The app has
  // no frames of another origin, which only the default reaches. On the administrator's 29 pages
  // this took 27.6–29.2 s against 73.8–76.9 s (issue 45 §18).
  const axe = new AxeBuilder({ page })
    .withTags(ETIQUETAS_WCAG)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true);
  const { violations } = await (incluir ? axe.include(incluir) : axe).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}
