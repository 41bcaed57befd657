// Lighthouse on many pages with one Node process and one Chromium (sitebuild/audit/lighthouse.py):
// the CLI would start both for every page, most of an accessibility-only run.
//
// Input, JSON on stdin: {"tool": ".cache/lighthouse-tool", "chrome": "/usr/bin/chromium",
//   "chromeFlags": [...], "urls": [...], "flags": {"onlyCategories", ...further flags}}
// Output: one JSON line per run, in order: {"url", "categories", "audits", "runtimeError"}, where
// categories keep their score and audit refs, and audits their score and numeric value.

import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';

const input = JSON.parse(readFileSync(0, 'utf8'));
const modules = join(input.tool, 'node_modules');
const load = (path) => import(pathToFileURL(join(modules, path)).href);
const {default: lighthouse} = await load('lighthouse/core/index.js');
const chromeLauncher = await load('chrome-launcher/dist/index.js');
const slim = (items, keep) =>
  Object.fromEntries(Object.entries(items).map(([id, item]) => [id, keep(item)]));

const chrome = await chromeLauncher.launch({
  chromePath: input.chrome,
  chromeFlags: input.chromeFlags,
});
try {
  for (const url of input.urls) {
    const {lhr} = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ...input.flags,
    });
    const categories = slim(lhr.categories, (c) => ({score: c.score, auditRefs: c.auditRefs}));
    const audits =
      slim(lhr.audits, (a) => ({score: a.score, numericValue: a.numericValue ?? null}));
    const line = {url, categories, audits, runtimeError: lhr.runtimeError ?? null};
    process.stdout.write(JSON.stringify(line) + '\n');
  }
} finally {
  await chrome.kill();
}
