import { Alert, Button, Skeleton, Stack } from '../../../client/ui/chakra';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../../client/http';
import { NotFoundPage } from '../../../client/pages/not-found-page';
import { useProfile } from '../../../client/profile/queries';
import { calculationViewQuery } from '../../../client/calculation/queries';
import { useStoredDraft } from '../../../client/calculation/draft-store';
import { CalculationEditor } from '../editor/editor';
import type { EditorSlots } from '../editor/slots';
import { NotAvailableOffline, unavailableOffline } from '../../../client/ui/offline-state';

/**
 * /calculations/new-calculation and /calculations/{calculationSetId}/{calculationVariantId}.
 * A new calculation needs the selected brand to be active. The pieces of other areas the editor
 * shows come from the route (src/app/routes/calculation.tsx).
 */
export function CalculationPage({ slots }: { slots: EditorSlots }) {
  const { t } = useTranslation();
  const { calculationSetId, calculationVariantId } = useParams();
  const { data: profile } = useProfile();
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);
  const query = calculationViewQuery(calculationSetId, calculationVariantId);
  const viewQuery = useQuery({
    ...query,
    // Offline the last known view is all there is; asking would only turn it into an error.
    refetchOnMount: navigator.onLine ? 'always' : false,
    meta: { disableErrorPage: true },
  });
  const { data, isPending, isError, error, dataUpdatedAt } = viewQuery;
  // The editor starts from what the server says now (another device may have saved meanwhile);
  // offline, or when the server cannot answer, from the last known view.
  const [openedAt] = useState(() => Date.now());
  const fresh = dataUpdatedAt >= openedAt || !navigator.onLine || isError;
  const ref = {
    userProfileId: profile?.selectedUserProfileId ?? '',
    setId: calculationSetId,
    variantId: calculationVariantId,
  };
  const kept = useStoredDraft(profile ? ref : undefined, generation);

  const loading = isPending || !fresh || !profile || kept.loading;
  // The editor mounts in the background, in slices a phone can interrupt (docs/architecture.md,
  // “Rendering on a phone”): the skeleton stays until it is done, also when the variant is there
  // at the first render (the initial value).
  const mounted = useDeferredValue(!loading, false);

  if (unavailableOffline(viewQuery)) return <NotAvailableOffline />;
  if (loading || !mounted)
    return (
      <Stack gap="4" maxW="7xl" aria-busy="true">
        <Skeleton h="10" w="60" />
        <Skeleton h="64" />
        <Skeleton h="40" />
      </Stack>
    );
  // Another user's, another brand's or a deleted calculation: the spec's 404 page.
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  // Offline, a failed refresh keeps the last known view: the editor works from it.
  if (isError && !data)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('calculation.loadFailed')}</Alert.Title>
      </Alert.Root>
    );
  const view = data.properties;
  // Nothing can be calculated before the provider loaded the brand's price list; an admin is told
  // who loads it (docs/provider-data.md), a user to ask.
  if (view.conditionLists.length === 0)
    return (
      <Stack gap="4" maxW="3xl">
        <Alert.Root status="warning" data-testid="no-condition-list">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('calculation.noConditionList')}</Alert.Title>
            {/* A view kept by an older version lacks the settings. */}
            {view.globalAndDashboardSettings?.isAdmin && (
              <Alert.Description>
                {t('calculation.noConditionListAdmin', { brand: view.calculationProfile.brandName })}
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
        <Button asChild variant="outline" alignSelf="flex-start">
          <Link to="/calculations">{t('calculation.toList')}</Link>
        </Button>
      </Stack>
    );
  if (!calculationSetId && !view.calculationProfile.isNewCalculationPossible)
    return (
      <Stack gap="4" maxW="3xl">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('calculation.brandNotActive')}</Alert.Title>
        </Alert.Root>
        <Button asChild variant="outline" alignSelf="flex-start">
          <Link to="/calculations">{t('calculation.toList')}</Link>
        </Button>
      </Stack>
    );
  return (
    <CalculationEditor
      key={`${calculationSetId ?? 'new'}/${calculationVariantId ?? ''}/${generation}`}
      view={view}
      userProfileId={profile.selectedUserProfileId}
      kept={kept}
      slots={slots}
      onReload={() => {
        void queryClient
          .invalidateQueries({ queryKey: query.queryKey })
          .then(() => setGeneration((g) => g + 1));
      }}
    />
  );
}
