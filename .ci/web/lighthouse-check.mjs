// Reads Lighthouse's JSON reports (one per tab and preset, named TAB-PRESET.json) and checks the
// page's targets: Accessibility, Best Practices and SEO 100 at both presets, Performance at least
// 95 on the mobile preset (DUEL_MIN_MOBILE_PERFORMANCE), cumulative layout shift under 0.02.
// Prints one line a report with every figure; exits 1 when any falls short, naming it.
import { readFileSync } from "node:fs";
import { basename } from "node:path";

const minMobilePerformance = Number(process.env.DUEL_MIN_MOBILE_PERFORMANCE || 95);
const failures = [];
for (const path of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(path, "utf8"));
  const name = basename(path, ".json");
  const mobile = name.endsWith("-mobile");
  const score = (category) => Math.round(report.categories[category].score * 100);
  const figures = {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
  };
  const cls = report.audits["cumulative-layout-shift"].numericValue;
  console.log(`${name.padEnd(17)} performance ${figures.performance}, accessibility ${figures.accessibility}, ` +
    `best practices ${figures["best-practices"]}, SEO ${figures.seo}, CLS ${cls.toFixed(3)}, ` +
    `LCP ${Math.round(report.audits["largest-contentful-paint"].numericValue)} ms, ` +
    `TBT ${Math.round(report.audits["total-blocking-time"].numericValue)} ms`);
  for (const category of ["accessibility", "best-practices", "seo"]) {
    if (figures[category] < 100) {
      const short = Object.values(report.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 &&
          report.categories[category].auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0))
        .map((audit) => audit.id);
      failures.push(`${name}: ${category} ${figures[category]} (${short.join(", ")})`);
    }
  }
  if (mobile && figures.performance < minMobilePerformance) {
    failures.push(`${name}: performance ${figures.performance} < ${minMobilePerformance}`);
  }
  if (!(cls < 0.02)) failures.push(`${name}: cumulative layout shift ${cls.toFixed(3)}`);
}
if (failures.length) {
  console.error(`web-audit: Lighthouse found ${failures.length} shortfalls:\n${failures.join("\n")}`);
  process.exit(1);
}
console.log("web-audit: Lighthouse: every tab at both presets meets the page's targets");
