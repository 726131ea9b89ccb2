// Loaded before the server (`npm start`): on an older Node it would fail later, somewhere in a
// dependency, with an error that names no version. Plain JavaScript without imports of the
// project, so that any Node runs it. The version needed is package.json's `engines.node`.
import { readFileSync } from 'node:fs';

const wanted = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const needed = Number(/\d+/.exec(wanted)[0]);
const major = Number(process.versions.node.split('.')[0]);
if (major < needed) {
  console.error(
    `The portal needs Node.js ${needed} or newer (this is ${process.version}). ` +
      `Install it from https://nodejs.org, or with nvm: nvm install (reads .nvmrc), then run npm ci && npm start again.`,
  );
  process.exit(1);
}
