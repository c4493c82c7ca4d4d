/**
 * Writes web/src/lib/class-merge-table.ts: for every Tailwind class written in web/src, what
 * tailwind-merge would make of it (its conflict id and the ids it overrides), so `cn` merges
 * classes exactly as twMerge does without shipping tailwind-merge's 8 KB (gzip) of rules to every
 * public page (docs/decisions/064). `npm run build:web` runs it first (decision 073); run
 * `node scripts/class-merge-table.mjs` yourself after writing a class that is new to web/src and
 * commit the table: web/src/lib/class-merge.test.ts fails on a stale committed table until then.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TABLE_FILE = path.join(root, 'web/src/lib/class-merge-table.ts');

/**
 * tailwind-merge's own parser and rules (createConfigUtils is internal: the published bundle is
 * loaded with one export added). The version is pinned in package.json.
 */
async function tailwindMergeInternals() {
  const bundle = createRequire(import.meta.url).resolve('tailwind-merge').replace(/bundle-cjs\.js$/, 'bundle-mjs.mjs');
  const source = fs.readFileSync(bundle, 'utf8');
  const copy = path.join(root, '.tmp', `tailwind-merge-internals-${process.pid}.mjs`);
  fs.mkdirSync(path.dirname(copy), { recursive: true });
  fs.writeFileSync(copy, `${source.replace(/^\/\/# sourceMappingURL=.*$/m, '')}\nexport { createConfigUtils as __createConfigUtils };\n`);
  try {
    const module = await import(pathToFileURL(copy).href);
    return module.__createConfigUtils(module.getDefaultConfig());
  } finally {
    fs.rmSync(copy, { force: true });
  }
}

/** Every whitespace-separated word inside a string literal of web/src's sources (tests aside). */
export function candidateClasses() {
  const words = new Set();
  const dir = path.join(root, 'web/src');
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || file.endsWith('class-merge-table.ts')) continue;
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const match of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      const literal = match[1] ?? match[2] ?? match[3] ?? '';
      for (const word of literal.split(/\s+|\$\{[^}]*\}/)) if (word) words.add(word);
    }
  }
  return [...words].sort();
}

/** tailwind-merge's mergeClassList for one class: its conflict id and the ids it overrides, or null if not Tailwind's. */
function describe(utils, className) {
  const { isExternal, modifiers, hasImportantModifier, baseClassName, maybePostfixModifierPosition } = utils.parseClassName(className);
  if (isExternal) return null;
  let hasPostfixModifier = !!maybePostfixModifierPosition;
  let classGroupId;
  if (hasPostfixModifier) {
    classGroupId = utils.getClassGroupId(baseClassName.substring(0, maybePostfixModifierPosition));
    const withPostfix = classGroupId && utils.postfixLookupClassGroupIds[classGroupId] ? utils.getClassGroupId(baseClassName) : undefined;
    if (withPostfix && withPostfix !== classGroupId) {
      classGroupId = withPostfix;
      hasPostfixModifier = false;
    }
  } else {
    classGroupId = utils.getClassGroupId(baseClassName);
  }
  if (!classGroupId) {
    if (!hasPostfixModifier) return null;
    classGroupId = utils.getClassGroupId(baseClassName);
    if (!classGroupId) return null;
    hasPostfixModifier = false;
  }
  const variant = modifiers.length === 0 ? '' : modifiers.length === 1 ? modifiers[0] : utils.sortModifiers(modifiers).join(':');
  const modifierId = hasImportantModifier ? `${variant}!` : variant;
  return [modifierId + classGroupId, ...utils.getConflictingClassGroupIds(classGroupId, hasPostfixModifier).map((group) => modifierId + group)];
}

/**
 * The table's source text. A class no other class of web/src overrides or is overridden by is
 * left out (it is kept as it is, as twMerge keeps it; only a repeat of it in one list would be
 * kept where twMerge drops it), and so are conflict ids no listed class has.
 */
export async function tableLines() {
  const utils = await tailwindMergeInternals();
  const described = [];
  for (const className of candidateClasses()) {
    const keys = describe(utils, className);
    if (keys) described.push({ className, keys });
  }
  const byKey = new Map();
  for (const entry of described) byKey.set(entry.keys[0], [...(byKey.get(entry.keys[0]) ?? []), entry]);
  const involved = new Set();
  for (const entry of described) {
    for (const key of entry.keys) {
      const others = (byKey.get(key) ?? []).filter((other) => other !== entry);
      if (others.length === 0) continue;
      involved.add(entry);
      for (const other of others) involved.add(other);
    }
  }
  const kept = described.filter((entry) => involved.has(entry));
  const listed = new Set(kept.map((entry) => entry.keys[0]));
  const ids = new Map();
  const idOf = (key) => {
    if (!ids.has(key)) ids.set(key, ids.size);
    return ids.get(key);
  };
  return kept.map(({ className, keys }) => [className, ...keys.filter((key) => listed.has(key)).map(idOf)].join(' ')).join('\n');
}

/** The table's source text. */
export async function tableSource() {
  const lines = await tableLines();
  return [
    '// Generated by scripts/class-merge-table.mjs from tailwind-merge and the classes of web/src: do not edit.',
    '// Each line: a class, its conflict id, then the ids of the classes it overrides (docs/decisions/064).',
    `export const CLASS_MERGE_TABLE = ${JSON.stringify(lines)};`,
    '',
  ].join('\n');
}

// Run by hand and by `npm run build:web` (decision 073): the file is written only when it changes,
// so a build with an up-to-date table leaves the tree (and its timestamps) as they were.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const source = await tableSource();
  const name = path.relative(root, TABLE_FILE);
  if (fs.existsSync(TABLE_FILE) && fs.readFileSync(TABLE_FILE, 'utf8') === source) {
    console.log(`${name} is up to date`);
  } else {
    fs.writeFileSync(TABLE_FILE, source);
    console.log(`wrote ${name}`);
  }
}
