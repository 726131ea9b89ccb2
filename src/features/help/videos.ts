/** Written by `npm run help:videos` (scripts/help-videos.ts): each process video and when each of its steps starts. */
import type { ProcessVideo } from './captions';

export const PROCESS_VIDEOS: Partial<Record<string, ProcessVideo>> = {
  PROCESS_1: {
    src: '/help/videos/PROCESS_1.webm',
    poster: '/help/videos/PROCESS_1.jpg',
    width: 1280,
    height: 720,
    duration: 39.2,
    steps: [5.5, 8.9, 12.7, 15.4, 18.2, 28.5, 32.2],
  },
  PROCESS_2: {
    src: '/help/videos/PROCESS_2.webm',
    poster: '/help/videos/PROCESS_2.jpg',
    width: 1280,
    height: 720,
    duration: 36.8,
    steps: [6.2, 12.3, 15, 18.6, 25, 28.4, 30.9],
  },
  PROCESS_3: {
    src: '/help/videos/PROCESS_3.webm',
    poster: '/help/videos/PROCESS_3.jpg',
    width: 1280,
    height: 720,
    duration: 52.4,
    steps: [8.9, 14.3, 20.7, 25.5, 33.2, 40.5, 46, 48.7],
  },
  PROCESS_4: {
    src: '/help/videos/PROCESS_4.webm',
    poster: '/help/videos/PROCESS_4.jpg',
    width: 1280,
    height: 720,
    duration: 30.3,
    steps: [6.4, 12.6, 15.5, 18.2, 24, 26.5],
  },
};
