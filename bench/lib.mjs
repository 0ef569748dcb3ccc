// Small helpers shared by the bench sections.
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function fileSizes(filePath) {
  const content = await readFile(filePath);
  return { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Prints rows (arrays of cells) as an aligned text table; numbers-looking cells align right. */
export function printTable(header, rows) {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) => (/^[\d.,]+( \w+)?$/.test(cell) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  console.log(line(all[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  all.slice(1).forEach((row) => console.log(line(row)));
}
