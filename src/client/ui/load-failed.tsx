import { Alert, Button } from './chakra';
import { ApiError } from '../http';

/**
 * A load that failed, said where its content would be (never a placeholder for ever): what
 * failed, then the status, the code and the message the server answered, as the administration
 * specification asks for its partner, user and user-list loads (“The error catalogue”), with the
 * reference support finds it by; and a way to try again.
 */
export function LoadFailed({
  title,
  error,
  retry,
  onRetry,
  testId,
}: {
  title: string;
  error: unknown;
  retry: string;
  onRetry: () => void;
  testId?: string;
}) {
  const e = error instanceof ApiError ? error : undefined;
  const code = e?.problem?.errorKeys?.join(', ') ?? e?.problem?.type;
  const facts = e && [e.status ? `HTTP ${e.status}` : undefined, code, e.message, e.correlationId];
  return (
    <Alert.Root status="error" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{title}</Alert.Title>
        {facts && <Alert.Description>{facts.filter(Boolean).join(' · ')}</Alert.Description>}
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={onRetry}>
          {retry}
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}
