/** A process video, as `npm run help:videos` (scripts/help-videos.ts) films it into videos.ts. */
export interface ProcessVideo {
  /** Path under the site root, e.g. '/help/videos/PROCESS_1.webm'. */
  src: string;
  /** A still of the video's first screen (JPEG), shown before it plays. */
  poster: string;
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
  /** The second each step of the process (the lines of `steps`, in order) starts at. */
  steps: number[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A second as WebVTT writes it: HH:MM:SS.mmm. */
function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const s = Math.floor(ms / 1000);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}.${pad(ms % 1000, 3)}`;
}

/** In a cue `&` and `<` start markup, and `-->` may not appear: `>` escaped rules it out. */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A process video's captions (WebVTT): each step, numbered as the list shows it, from the second
 * it starts to the next one's (the last to the end). Steps the video has no time for are left out.
 */
export function captionsOf(steps: string[], video: ProcessVideo): string {
  const cues = steps.slice(0, video.steps.length).map((step, i) => {
    const end = video.steps[i + 1] ?? video.duration;
    return `${timestamp(video.steps[i]!)} --> ${timestamp(end)}\n${i + 1}. ${escaped(step)}`;
  });
  return `${['WEBVTT', ...cues].join('\n\n')}\n`;
}
