import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../client/ui/notice';
import type { Refusal } from './esign-refusal';

/**
 * A refused e-signature call and, when the calculation changed meanwhile, its refresh. The
 * refusal stays until the calculation is loaded again, and the form's actions wait for it: a
 * try sent before would carry the old version and be refused the same way.
 */
export function useRefusal() {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<Refusal>();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      // Resolves once the open calculation views have been fetched again.
      await queryClient.invalidateQueries({ queryKey: ['calculations'] });
      setRefusal(undefined);
    } finally {
      setRefreshing(false);
    }
  };
  return { refusal, setRefusal, refreshing, refresh };
}

/**
 * A refused call, in words, with where to fix it (`children`) and its reference; when the
 * calculation changed meanwhile, a way to load it again.
 */
export function RefusalAlert({
  refusal,
  refreshing = false,
  onRefresh,
  testId = 'esignature-refusal',
  children,
}: {
  refusal: Refusal;
  refreshing?: boolean;
  onRefresh?: () => Promise<void>;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Notice
      status="error"
      role="alert"
      testId={testId}
      title={refusal.text}
      correlationId={refusal.correlationId}
      action={
        refusal.refresh && onRefresh
          ? { label: t('esign.refresh'), loading: refreshing, onClick: () => void onRefresh() }
          : undefined
      }
    >
      {children}
    </Notice>
  );
}
