import { describe, expect, it } from 'vitest';
import { captionsOf, type ProcessVideo } from './captions';

const video: ProcessVideo = {
  src: '/help/videos/PROCESS_1.webm',
  poster: '/help/videos/PROCESS_1.jpg',
  width: 1280,
  height: 800,
  duration: 3725.5,
  steps: [0, 12.25, 3661.001],
};

describe("a process video's captions", () => {
  it('gives each step a numbered cue until the next step, the last until the end', () => {
    expect(captionsOf(['Open the calculation', 'Add an object', 'Send the offer'], video)).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.000 --> 00:00:12.250',
        '1. Open the calculation',
        '',
        '00:00:12.250 --> 01:01:01.001',
        '2. Add an object',
        '',
        '01:01:01.001 --> 01:02:05.500',
        '3. Send the offer',
        '',
      ].join('\n'),
    );
  });

  it('escapes what WebVTT reads as markup', () => {
    expect(captionsOf(['Terms & conditions <b> --> next'], { ...video, steps: [0] })).toContain(
      '1. Terms &amp; conditions &lt;b&gt; --&gt; next\n',
    );
  });

  it('leaves out the steps without a time', () => {
    const vtt = captionsOf(['One', 'Two', 'Three'], { ...video, duration: 20, steps: [0, 10] });
    expect(vtt).toContain('00:00:10.000 --> 00:00:20.000\n2. Two\n');
    expect(vtt).not.toContain('Three');
  });

  it('keeps Arabic text as it is', () => {
    const step = 'افتح الحساب وأضف الأصل';
    expect(captionsOf([step], { ...video, steps: [1.5] })).toBe(
      `WEBVTT\n\n00:00:01.500 --> 01:02:05.500\n1. ${step}\n`,
    );
  });
});
