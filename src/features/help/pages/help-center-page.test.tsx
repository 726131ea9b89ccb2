// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../client/test/render';
import type { ProcessVideo } from '../captions';
import { HelpCenterPage } from './help-center-page';

const videos = vi.hoisted((): Partial<Record<string, ProcessVideo>> => ({}));
vi.mock('../videos', () => ({ PROCESS_VIDEOS: videos }));

const help = readFileSync('locales/help.en-IE.json', 'utf8');
const title = 'From calculation to offer';
const createObjectURL = vi.fn((_: Blob) => 'blob:captions');

beforeEach(() => {
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(help)));
  // jsdom has no object URLs.
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const key of Object.keys(videos)) delete videos[key];
});

describe("the help centre's process videos", () => {
  it('shows a captioned video in the card of a process that has one', async () => {
    videos.PROCESS_1 = {
      src: '/help/videos/PROCESS_1.webm',
      poster: '/help/videos/PROCESS_1.jpg',
      width: 1280,
      height: 800,
      duration: 70,
      steps: [0, 10, 20, 30, 40, 50, 60],
    };
    const { container } = renderWithApp(<HelpCenterPage />);
    const video = await screen.findByLabelText(`Video: ${title}`);
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('poster')).toBe('/help/videos/PROCESS_1.jpg');
    expect(container.querySelectorAll('video')).toHaveLength(1);
    const track = video.querySelector('track')!;
    expect(track).toMatchObject({ kind: 'captions', default: true, srclang: 'en-IE', label: 'English' });
    expect(track.getAttribute('src')).toBe('blob:captions');
    const vtt = createObjectURL.mock.calls.at(-1)![0];
    expect(vtt.type).toBe('text/vtt');
    expect(await vtt.text()).toContain("00:00:00.000 --> 00:00:10.000\n1. On the start screen, choose 'Make");

    // Offline the video cannot load: the card says so, its steps stay.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.error(video);
    expect(screen.getByText('The video needs a connection.')).toBeTruthy();
    expect(container.querySelector('video')).toBeNull();
    expect(screen.getByText(/Choose a NAV-based or instalment-based calculation/)).toBeTruthy();
    // With the connection back, the video is back.
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    const again = await screen.findByLabelText(`Video: ${title}`);
    // With its captions again.
    expect(again.querySelector('track')!.getAttribute('src')).toBe('blob:captions');
    // A failure with a connection is no missing connection.
    fireEvent.error(again);
    expect(screen.getByText('The video could not be played.')).toBeTruthy();
    onLine.mockRestore();
  });

  it('shows no video where there is none', async () => {
    const { container } = renderWithApp(<HelpCenterPage />);
    await screen.findByText(title);
    expect(container.querySelector('video')).toBeNull();
  });
});
