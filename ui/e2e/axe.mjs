// The axe-core gate: WCAG 2.0/2.1 A and AA rules run on the page as it is now; a violation of
// impact serious or critical fails with its rule, help and the first elements. Usable by any e2e
// module: `await axeCheck(page, 'locks, drawer open')`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);
/** How many elements of one rule the message lists. */
const TARGETS_SHOWN = 3;

/**
 * Injects axe into the page once per document. `page.addScriptTag` would add an inline
 * <script>, which the app's CSP (script-src 'self') refuses; evaluating the source through
 * the DevTools protocol is not subject to it.
 */
async function inject(page) {
  if (await page.evaluate(() => typeof window.axe !== 'undefined')) return;
  await page.evaluate(AXE_SOURCE);
}

/** The serious and critical violations on the page, as axe reports them. */
export async function axeViolations(page) {
  await inject(page);
  const violations = await page.evaluate(async (tags) => {
    const r = await window.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(' '),
        html: n.html,
        summary: n.failureSummary,
      })),
    }));
  }, AXE_TAGS);
  return violations.filter((v) => FAILING.has(v.impact));
}

/** A readable account of violations: one paragraph per rule, its first elements indented. */
export function describeViolations(violations) {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, TARGETS_SHOWN).map((n) => {
        const html = n.html.length > 200 ? `${n.html.slice(0, 200)}…` : n.html;
        const why = (n.summary ?? '').split('\n').slice(1, 2).join('').trim();
        return `    ${n.target}\n      ${html}${why ? `\n      ${why}` : ''}`;
      });
      const more =
        v.nodes.length > TARGETS_SHOWN ? `\n    …and ${v.nodes.length - TARGETS_SHOWN} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help}\n${nodes.join('\n')}${more}`;
    })
    .join('\n');
}

/**
 * Throws when axe finds a serious or critical violation; `where` names the state checked. The
 * runner prints an error's first lines only: the rules come first, every element is printed.
 */
export async function axeCheck(page, where) {
  const violations = await axeViolations(page);
  if (violations.length === 0) return;
  const details = describeViolations(violations);
  console.log(`axe on ${where}:\n${details}`);
  const rules = violations.map((v) => `${v.id} (${v.impact})`).join(', ');
  throw new Error(`axe on ${where}: ${rules}\n${details}`);
}
