"""axe-core in the real app window (WebKitGTK through WebKitWebDriver): the same rules and
threshold as the browser e2e (ui/e2e/axe.mjs), so both engines are covered."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AXE_JS = ROOT / "ui" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING = {"serious", "critical"}

_RUN = """
const [tags, done] = [arguments[0], arguments[arguments.length - 1]];
axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
  .then((r) => done({ ok: true, violations: r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target.join(' '),
                                              html: n.html.slice(0, 160) })) })) }))
  .catch((e) => done({ ok: false, error: String(e) }));
"""


def blocking_violations(driver, state):
    """Runs axe on the window's document; returns readable lines, one per serious or critical
    violation (empty when there is none). `state` names the screen in the lines."""
    if not driver.execute_script("return typeof window.axe !== 'undefined'"):
        # Injected as a script's text: the app's CSP allows no script from elsewhere, and an
        # executed script is the driver's, not the page's.
        driver.execute_script(AXE_JS.read_text(encoding="utf-8") + "\n;window.axe = axe;")
    driver.set_script_timeout(60)
    result = driver.execute_async_script(_RUN, TAGS)
    if not result.get("ok"):
        raise AssertionError(f"axe could not run on {state}: {result.get('error')}")
    lines = []
    for v in result["violations"]:
        if v["impact"] not in BLOCKING:
            continue
        where = "; ".join(f"{n['target']} {n['html']}" for n in v["nodes"])
        lines.append(f"{state}: {v['id']} ({v['impact']}) {v['help']}: {where}")
    return lines


def check(run, state, log):
    """Fails the run on a serious or critical violation on this screen."""
    lines = blocking_violations(run.d, state)
    if lines:
        run.shot("FAILED-axe-" + state)
        raise AssertionError("axe in the app window:\n" + "\n".join(lines))
    log(f"axe: no serious or critical violation on {state}")
