import bidiFactory from 'bidi-js';

/**
 * Mixed-direction lines for the PDFs (Unicode Bidirectional Algorithm, UAX #9): an Arabic
 * sentence with a reference, an amount or a Latin name in it.
 */
const bidi = bidiFactory();

/** Characters that only steer the direction (marks, embeddings, isolates): never drawn. */
const DIRECTION_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Hebrew, Arabic and their presentation forms: a run with one of them is shaped right to left. */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

interface Run {
  text: string;
  level: number;
}

/**
 * One line as the pieces to draw from left to right: runs of one embedding level, put in visual
 * order by rule L2 (from the highest level down to the lowest odd one, every sequence of runs at
 * that level or higher is reversed). A right-to-left run keeps its characters in reading order
 * with its brackets mirrored: fontkit reverses a run of Arabic letters itself as it shapes it
 * (joining each letter to its neighbours), so only a run without letters ("(", " - ") is reversed
 * here.
 */
export function visualRuns(text: string, direction: 'ltr' | 'rtl'): string[] {
  if (direction === 'ltr' && !RTL_LETTER.test(text)) return [text.replace(DIRECTION_MARKS, '')];
  const embedding = bidi.getEmbeddingLevels(text, direction);
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  const runs: Run[] = [];
  for (let i = 0; i < text.length; i++) {
    const level = embedding.levels[i] ?? 0;
    const char = mirrored.get(i) ?? text.charAt(i);
    const last = runs.at(-1);
    if (last?.level === level) last.text += char;
    else runs.push({ text: char, level });
  }
  const levels = runs.map((r) => r.level);
  const lowestOdd = Math.min(...levels.filter((l) => l % 2 === 1));
  for (let level = Math.max(...levels); level >= lowestOdd; level--) {
    for (let start = 0; start < runs.length; start++) {
      if ((runs[start]?.level ?? 0) < level) continue;
      let end = start;
      while (end + 1 < runs.length && (runs[end + 1]?.level ?? 0) >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs
    .map(({ text, level }) => {
      const drawn = text.replace(DIRECTION_MARKS, '');
      return level % 2 === 1 && !RTL_LETTER.test(drawn) ? [...drawn].reverse().join('') : drawn;
    })
    .filter(Boolean);
}

/**
 * A value set into a sentence (a reference, a name) as a piece of its own direction (first strong
 * isolate): "C-2026-0042" followed by a date inside an Arabic sentence stays apart from the date.
 */
export const isolate = (value: string) => `\u2068${value}\u2069`;
