import type { FastifyBaseLogger } from 'fastify';
import { utcToday } from '../../../domain/contracts';
import type { Db } from '../../db/db';
import { refreshContractStates } from './repo';

/**
 * Contract states follow the calendar (docs/domain.md section 4): a contract becomes expiring soon,
 * prolonged or cancelled as days pass, without anybody writing it. The stored state (which the
 * list filters and counts by) is brought up to date at start and every hour; several server
 * copies doing the same is harmless (the update only touches rows whose state is behind).
 */
export const REFRESH_INTERVAL_MS = 60 * 60 * 1000;

export function createContractStateRefresher(db: Db, log: FastifyBaseLogger) {
  let running: Promise<void> | undefined;
  const refresh = (today = utcToday()): Promise<void> =>
    (running ??= refreshContractStates(db, today)
      .then((changed) => {
        if (changed > 0) log.info({ changed }, 'contract states follow the calendar');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'refreshing contract states failed'))
      .finally(() => {
        running = undefined;
      }));
  let timer: NodeJS.Timeout | undefined;
  return {
    refresh,
    start(intervalMs = REFRESH_INTERVAL_MS) {
      timer = setInterval(() => void refresh(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
