/**
 * Generates docs/indicators/ from the indicator registry: an index of every catalogue entry and one
 * page per group. The committed files must equal this output (test/indicator-docs.test.ts).
 *
 *   node --conditions=development --import tsx packages/analytics/scripts/generate-indicator-docs.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  describeCatalog,
  type IndicatorDescription,
  type IndicatorGroup,
  type ParamSpec,
} from '@bellwether/analytics/catalog';

const HERE = dirname(fileURLToPath(import.meta.url));
export const INDICATOR_DOCS_DIR = resolve(HERE, '../../../docs/indicators');

const GENERATED_NOTE =
  '<!-- Generated from the registry by packages/analytics/scripts/generate-indicator-docs.ts; do not edit. -->';

const GROUP_TITLES: Readonly<Record<IndicatorGroup, string>> = {
  overlap: 'Overlap studies (moving averages and bands)',
  momentum: 'Momentum',
  volatility: 'Volatility',
  volume: 'Volume',
  trend: 'Trend',
  statistics: 'Statistics',
  price_transform: 'Price transforms',
  math: 'Math transforms and operators',
  cycle: 'Cycle (Hilbert transform)',
  candlestick: 'Candlestick patterns',
};

/** Markdown table cell: no pipes or line breaks. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ');
}

function code(text: string): string {
  return `\`${text}\``;
}

function list(values: readonly string[]): string {
  return values.length === 0 ? '—' : values.map(code).join(', ');
}

function groupFile(group: IndicatorGroup): string {
  return `${group}.md`;
}

function anchor(d: IndicatorDescription): string {
  return d.code;
}

function range(p: ParamSpec): string {
  return p.type === 'enum' ? p.values.map(code).join(', ') : `${p.min} … ${p.max}`;
}

function renderIndex(entries: readonly IndicatorDescription[], groups: readonly IndicatorGroup[]): string {
  const lines = [
    GENERATED_NOTE,
    '',
    '# Indicator catalogue',
    '',
    `${entries.length} entries in ${groups.length} groups, generated from the registry (\`CATALOG\` in`,
    '`packages/analytics/src/registry/catalog.ts`) that also drives parameter validation and the',
    '`GET /analytics/technical/catalog` payload. Codes and aliases are matched case-insensitively.',
    'Parameters, defaults, ranges, lookbacks, variants and references are on the group pages.',
    '',
    '| Group | Entries |',
    '| --- | --- |',
    ...groups.map((g) => {
      const n = entries.filter((d) => d.group === g).length;
      return `| [${GROUP_TITLES[g]}](${groupFile(g)}) | ${n} |`;
    }),
    '',
    '| Code | Name | Group | Inputs | Outputs | Aliases |',
    '| --- | --- | --- | --- | --- | --- |',
    ...entries.map(
      (d) =>
        `| [${code(d.code)}](${groupFile(d.group)}#${anchor(d)}) | ${cell(d.name)} | ${d.group} | ` +
        `${list(d.inputs)} | ${list(d.outputs.map((o) => o.name))} | ${list(d.aliases)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

function renderEntry(d: IndicatorDescription): string[] {
  const lines = [`## ${d.code}`, '', `**${cell(d.name)}**`, ''];
  lines.push(`- Inputs: ${list(d.inputs)}`);
  if (d.aliases.length > 0) lines.push(`- Aliases: ${list(d.aliases)}`);
  lines.push(
    `- Lookback at the defaults: ${d.defaultLookback} (the first ${d.defaultLookback} outputs are NaN)`,
  );
  if (d.inputDomain !== undefined) {
    lines.push(`- Input domain: [${d.inputDomain[0]}, ${d.inputDomain[1]}]; outside it outputs are NaN`);
  }
  lines.push(`- Variant: ${d.variant.replace(/\s*\n\s*/g, ' ')}`, '');
  if (d.params.length === 0) {
    lines.push('No parameters.', '');
  } else {
    lines.push(
      '| Parameter | Type | Default | Range / values | Description |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const p of d.params) {
      lines.push(
        `| ${code(p.name)} | ${p.type} | ${code(String(p.default))} | ${range(p)} | ${cell(p.description)} |`,
      );
    }
    lines.push('');
  }
  lines.push('| Output | Description |', '| --- | --- |');
  for (const o of d.outputs) lines.push(`| ${code(o.name)} | ${cell(o.description)} |`);
  lines.push('');
  if (d.references.length > 0) {
    lines.push('References:', '', ...d.references.map((r) => `- ${r.replace(/\s*\n\s*/g, ' ')}`), '');
  }
  return lines;
}

function renderGroup(group: IndicatorGroup, entries: readonly IndicatorDescription[]): string {
  const lines = [
    GENERATED_NOTE,
    '',
    `# ${GROUP_TITLES[group]}`,
    '',
    `${entries.length} entries. Back to the [catalogue](README.md).`,
    '',
  ];
  for (const d of entries) lines.push(...renderEntry(d));
  return lines.join('\n');
}

/** Every generated file by name (relative to docs/indicators/), in a stable order. */
export function renderIndicatorDocs(
  entries: readonly IndicatorDescription[] = describeCatalog(),
): Map<string, string> {
  const groups = [...new Set(entries.map((d) => d.group))];
  const files = new Map<string, string>([['README.md', renderIndex(entries, groups)]]);
  for (const g of groups) {
    files.set(
      groupFile(g),
      renderGroup(
        g,
        entries.filter((d) => d.group === g),
      ),
    );
  }
  return files;
}

/** Replaces docs/indicators/ with the generated files. */
export function writeIndicatorDocs(dir: string = INDICATOR_DOCS_DIR): string[] {
  const files = renderIndicatorDocs();
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.md') && !files.has(name)) rmSync(join(dir, name));
  }
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  return [...files.keys()];
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = writeIndicatorDocs();
  process.stdout.write(`wrote ${written.length} files to ${INDICATOR_DOCS_DIR}\n`);
}
