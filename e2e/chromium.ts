import type { LaunchOptions } from '@playwright/test';

/**
 * The system Chromium (Debian: `apt-get install chromium`), never a browser downloaded by a
 * test tool. The flags keep it from reaching out to the network this machine does not have.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: CHROME_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  };
}
