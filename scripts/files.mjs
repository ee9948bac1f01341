// Listing a built folder (dist/, an installed package), for the build scripts and the tests
// that check what a folder holds.

import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Every file under `dir`, as paths relative to it with `/` separators, sorted. */
export async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath ?? entry.path, entry.name)))
    .map((path) => path.split(sep).join('/'))
    .sort();
}
