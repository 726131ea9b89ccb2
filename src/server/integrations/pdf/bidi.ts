import bidiFactory from 'bidi-js';

/**
 * Mixed-direction lines for the PDFs (Unicode Bidirectional Algorithm, UAX #9): an Arabic
 * sentence with a reference, an amount or a Latin name in it.
 */
const bidi = bidiFactory();

/** Characters that only steer the direction (marks, embeddings, isolates): never drawn. */
const DIRECTION_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const withoutDirectionMarks = (text: string) => text.replace(DIRECTION_MARKS, '');
/**
 * The scripts fontkit shapes right to left (its own test: Arabic and Hebrew, punctuation such as
 * "،" included): it reverses such a run itself.
 */
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

/** Whether a text needs the bidirectional algorithm at all in a document of `direction`. */
export const needsBidi = (text: string, direction: 'ltr' | 'rtl') =>
  direction === 'rtl' || RTL_SCRIPT.test(text);

/**
 * The embedding levels of a paragraph: resolved over the whole paragraph (an address wrapped in
 * an Arabic document stays one left-to-right run on each of its lines), then cut per line.
 */
export const paragraphLevels = (text: string, direction: 'ltr' | 'rtl') =>
  bidi.getEmbeddingLevels(text, direction).levels;

interface Run {
  text: string;
  level: number;
}

/**
 * One line as the pieces to draw from left to right (`levels`: the line's part of its paragraph's,
 * else the line's own): runs of one embedding level, put in visual
 * order by rule L2 (from the highest level down to the lowest odd one, every sequence of runs at
 * that level or higher is reversed). A right-to-left run keeps its characters in reading order
 * with its brackets mirrored: fontkit reverses a run of Arabic letters itself as it shapes it
 * (joining each letter to its neighbours), so only a run without letters ("(", " - ") is reversed
 * here.
 */
export function visualRuns(
  text: string,
  direction: 'ltr' | 'rtl',
  levels: Uint8Array = needsBidi(text, direction) ? paragraphLevels(text, direction) : new Uint8Array(0),
): string[] {
  if (!levels.length) return [withoutDirectionMarks(text)];
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const runs: Run[] = [];
  for (let i = 0; i < text.length; i++) {
    const level = levels[i] ?? 0;
    const char = mirrored.get(i) ?? text.charAt(i);
    const last = runs.at(-1);
    if (last?.level === level) last.text += char;
    else runs.push({ text: char, level });
  }
  const runLevels = runs.map((r) => r.level);
  const lowestOdd = Math.min(...runLevels.filter((l) => l % 2 === 1));
  for (let level = Math.max(...runLevels); level >= lowestOdd; level--) {
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
      const drawn = withoutDirectionMarks(text);
      return level % 2 === 1 && !RTL_SCRIPT.test(drawn) ? [...drawn].reverse().join('') : drawn;
    })
    .filter(Boolean);
}

/**
 * A value set into a sentence (a reference, a name) as a piece of its own direction (first strong
 * isolate): "C-2026-0042" followed by a date inside an Arabic sentence stays apart from the date.
 */
export const isolate = (value: string) => `\u2068${value}\u2069`;
