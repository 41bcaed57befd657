// Lighthouse on many pages with one Chromium and one Node process (used by sitebuild/audit.py).
//
// The CLI starts Node, loads Lighthouse and launches Chromium for every page: on two cores that
// is most of an accessibility-only run. Lighthouse's own Node API (`lighthouse(url, flags)` with
// `chrome-launcher`, both from the installed package) scores page after page in one browser.
//
// Input, as JSON on stdin:
//   {"tool": ".cache/lighthouse-tool", "chrome": "/usr/bin/chromium", "chromeFlags": [...],
//    "runs": [{"url": "http://...", "categories": ["accessibility"], "settings": {...},
//              "benchmarkIndex": false}, ...]}
// where "settings" are further Lighthouse flags for that run (optional), and "benchmarkIndex":
// false skips the CPU benchmark Lighthouse runs in the page before every run (true if left out).
// Output: one JSON line per run, in order: {"url", "categories", "audits", "benchmarkIndex",
// "runtimeError"}, where categories keep their score and audit refs, and audits their score only.
//
// Why skip the benchmark: Lighthouse always times a second of JavaScript in the page to rate
// the machine (lib/page-functions.js, computeBenchmarkIndex). Only the report's environment and a
// slow-machine warning read it, no audit does, and on two cores it was a third of a gated run
// (7 pages: 40.5 s, 47 CPU-s with it; 27.4 s, 31 CPU-s without). Lighthouse has no setting for
// it, so a run that skips it swaps that page function for one that returns -1; the function is
// sent to the page as source, so the swap is all it takes.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';

const input = JSON.parse(readFileSync(0, 'utf8'));
const modules = join(input.tool, 'node_modules');
const load = (path) => import(pathToFileURL(join(modules, path)).href);
const {default: lighthouse} = await load('lighthouse/core/index.js');
const chromeLauncher = await load('chrome-launcher/dist/index.js');
const {pageFunctions} = await load('lighthouse/core/lib/page-functions.js');
const measureBenchmarkIndex = pageFunctions.computeBenchmarkIndex;
if (typeof measureBenchmarkIndex !== 'function') {
  throw new Error('lighthouse/core/lib/page-functions.js has no computeBenchmarkIndex to skip');
}
const skippedBenchmarkIndex = function computeBenchmarkIndex() { return -1; };

const chrome = await chromeLauncher.launch({
  chromePath: input.chrome,
  chromeFlags: input.chromeFlags,
});
try {
  for (const run of input.runs) {
    pageFunctions.computeBenchmarkIndex =
      run.benchmarkIndex === false ? skippedBenchmarkIndex : measureBenchmarkIndex;
    const result = await lighthouse(run.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: run.categories,
      ...(run.settings ?? {}),
    });
    const lhr = result.lhr;
    const categories = {};
    for (const [id, category] of Object.entries(lhr.categories)) {
      categories[id] = {score: category.score, auditRefs: category.auditRefs};
    }
    const audits = {};
    for (const [id, audit] of Object.entries(lhr.audits)) audits[id] = {score: audit.score};
    const line = {
      url: run.url, categories, audits,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      runtimeError: lhr.runtimeError ?? null,
    };
    process.stdout.write(JSON.stringify(line) + '\n');
  }
} finally {
  await chrome.kill();
}
