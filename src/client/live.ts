import * as endpoints from '../domain/api/endpoints/session';
import type { LiveEvent } from '../domain/events';
import { newCorrelationId } from '../domain/http';
import { addressOf } from '../domain/api/address';
import { requestHeaders, sessionReady } from './http';

/**
 * Live changes from the server (GET /api/events, server-sent events) read with fetch, which
 * unlike EventSource sends the bearer token. A broken stream is opened again after a pause;
 * meanwhile, and whenever the stream cannot be had, `onPoll` runs so the app asks itself.
 */
const RETRY_MS = 5_000;
const POLL_MS = 15_000;

export function startLive(onEvent: (event: LiveEvent) => void, onPoll: () => void): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;
  const polling = (on: boolean) => {
    if (on && !poll) poll = setInterval(onPoll, POLL_MS);
    if (!on && poll) {
      clearInterval(poll);
      poll = undefined;
    }
  };

  const connect = async () => {
    while (!stopped) {
      controller = new AbortController();
      try {
        await sessionReady();
        const response = await fetch(addressOf(endpoints.events), {
          headers: { ...requestHeaders(newCorrelationId()), Accept: 'text/event-stream' },
          signal: controller.signal,
          // A request that never ends: at high priority (fetch's default) it counts as part of
          // the page's load, which then never settles (docs/architecture.md, “Requests, decisions
          // and live events”).
          priority: 'low',
        });
        if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
        polling(false);
        onPoll(); // whatever happened while the stream was down
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          const messages = buffer.split('\n\n');
          buffer = messages.pop() ?? '';
          for (const message of messages) {
            const data = message
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (data) onEvent(JSON.parse(data) as LiveEvent);
          }
        }
      } catch {
        if (stopped) return;
      }
      polling(true);
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  };
  void connect();
  return () => {
    stopped = true;
    controller?.abort();
    polling(false);
  };
}
