// Reads Lighthouse's JSON reports, named TAB-PRESET-RUN.json (one or more runs of each tab and
// preset), and checks the page's targets: Accessibility, Best Practices and SEO 100 and a
// cumulative layout shift under 0.02 in every run; on the mobile preset, Performance at least 95
// (DUEL_MIN_MOBILE_PERFORMANCE) as the median of the runs. Prints one line a tab and preset with
// every figure (each run's performance); exits 1 when any falls short, naming it.
import { readFileSync } from "node:fs";
import { basename } from "node:path";

const minMobilePerformance = Number(process.env.DUEL_MIN_MOBILE_PERFORMANCE || 95);
const groups = new Map();
for (const path of process.argv.slice(2)) {
  const name = basename(path, ".json").replace(/-\d+$/, "");
  if (!groups.has(name)) groups.set(name, []);
  groups.get(name).push(JSON.parse(readFileSync(path, "utf8")));
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const failures = [];
for (const [name, reports] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
  const score = (report, category) => Math.round(report.categories[category].score * 100);
  const numeric = (report, audit) => report.audits[audit].numericValue;
  const performance = reports.map((report) => score(report, "performance"));
  const cls = Math.max(...reports.map((report) => numeric(report, "cumulative-layout-shift")));
  const worst = (category) => Math.min(...reports.map((report) => score(report, category)));
  console.log(`${name.padEnd(17)} performance ${median(performance)} (runs: ${performance.join(", ")}), ` +
    `accessibility ${worst("accessibility")}, best practices ${worst("best-practices")}, SEO ${worst("seo")}, ` +
    `CLS ${cls.toFixed(3)}, LCP ${Math.round(median(reports.map((r) => numeric(r, "largest-contentful-paint"))))} ms, ` +
    `TBT ${Math.round(median(reports.map((r) => numeric(r, "total-blocking-time"))))} ms`);
  for (const category of ["accessibility", "best-practices", "seo"]) {
    for (const report of reports.filter((r) => score(r, category) < 100)) {
      const short = report.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && report.audits[ref.id].score !== null && report.audits[ref.id].score < 1)
        .map((ref) => ref.id);
      failures.push(`${name}: ${category} ${score(report, category)} (${short.join(", ")})`);
    }
  }
  if (name.endsWith("-mobile") && median(performance) < minMobilePerformance) {
    failures.push(`${name}: performance ${median(performance)} < ${minMobilePerformance}`);
  }
  if (!(cls < 0.02)) failures.push(`${name}: cumulative layout shift ${cls.toFixed(3)}`);
}
if (failures.length) {
  console.error(`web-audit: Lighthouse found ${failures.length} shortfalls:\n${failures.join("\n")}`);
  process.exit(1);
}
console.log("web-audit: Lighthouse: every tab at both presets meets the page's targets");
