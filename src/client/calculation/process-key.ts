/**
 * The mutation key of every call along a variant's process (process-call.ts). The loading overlay
 * (src/client/ui/loading-overlay.tsx) watches it from the first screen, which should not load the
 * mutation itself for a key.
 */
export const PROCESS_CALL = ['process'] as const;
