// Jest reporter: after the run, the test files that took longest (wall time of each file in its worker), so the
// run's time budget (npm test under 25 minutes) can be kept where it is spent. CommonJS: Jest loads reporters with
// require(). With JEST_TIMINGS_FILE set, every file's time goes to that file as JSON as well.
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');

class SlowestFilesReporter {
  constructor(globalConfig, options = {}) {
    this.count = options.count ?? 15;
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((r) => ({ path: r.testFilePath.replace(`${this.rootDir}/`, ''), ms: r.perfStats.end - r.perfStats.start }))
      .sort((a, b) => b.ms - a.ms);
    const total = files.reduce((sum, f) => sum + f.ms, 0);
    console.log(`\nslowest test files (of ${files.length}, ${(total / 1000).toFixed(0)} s of worker time in all):`);
    for (const f of files.slice(0, this.count)) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.path}`);
    const out = process.env.JEST_TIMINGS_FILE;
    if (out) {
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, JSON.stringify(files, null, 1));
    }
  }
}
module.exports = SlowestFilesReporter;
