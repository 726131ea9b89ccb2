import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../../client/http';
import { currentLocale } from '../../../client/i18n/i18n';
import {
  decimalSeparatorOf,
  listOf,
  newDraft,
  parseAmount,
  snapToLists,
} from '../../../domain/calculation/editor';
import { isReportRequired } from '../../../domain/calculation/requests';
import { calculationKeys, calculationViewQuery } from '../../../client/calculation/queries';
import {
  NO_PARTIES,
  useStoredDraft,
  updateParties,
  type DraftRef,
  type Parties,
} from '../../../client/calculation/draft-store';
import { useProfile } from '../../../client/profile/queries';

/**
 * Where a party form stands: the calculation it belongs to (new or saved), its parties as the
 * editor holds them (unsaved work first), and the way back. Saving supplier or sublessee returns
 * to the calculation when its ids are known, else to a new calculation (portal specification, “Screens and routes”).
 */
export function usePartyContext() {
  const { calculationSetId: setId, calculationVariantId: variantId } = useParams();
  const { data: profile } = useProfile();
  const queryClient = useQueryClient();
  const view = useQuery({ ...calculationViewQuery(setId, variantId), meta: { disableErrorPage: true } });
  const saved = view.data?.properties.variant?.properties;
  const ref: DraftRef | undefined = profile && {
    userProfileId: profile.selectedUserProfileId,
    setId,
    variantId,
  };
  const storedDraft = useStoredDraft(ref);
  const stored = storedDraft.stored ?? undefined;
  const parties: Parties =
    stored?.parties ??
    (saved
      ? {
          applicant: saved.applicant,
          supplier: saved.supplier,
          sublessee: saved.sublessee,
          creditAgencyReportIds: saved.creditAgencyReportIds,
        }
      : NO_PARTIES);
  const lists = view.data?.properties.conditionLists ?? [];
  // The same rule the server applies on save (docs/domain.md, "Credit-agency reports").
  const list = stored
    ? // A draft kept by an older version names no list yet: snapping names it.
      (listOf(lists, stored.draft) ?? listOf(lists, snapToLists(stored.draft, lists)))
    : [...lists, view.data?.properties.variantConditionList].find(
        (l) => l?.id === saved?.calculationVariant.conditionListId,
      );
  const nav = stored
    ? stored.draft.navBasedCalculation
      ? parseAmount(stored.draft.inputValue, stored.draft.decimalSeparator)
      : undefined
    : saved?.calculationResults.find((r) => r.isSelected)?.netAcquisitionValueAmount;

  // The threshold is counted in the calculation's currency, the brand's for a new one.
  const currency = saved?.currencyCode ?? view.data?.properties.calculationProfile.currencyCode;

  return {
    ready: Boolean(profile && (view.data || view.isError) && !storedDraft.loading),
    loadFailed: view.isError && !view.data,
    saved,
    isNew: !setId,
    base: setId && variantId ? `/calculations/${setId}/${variantId}` : '/calculations/new-calculation',
    // The dealer's country; a view kept offline by an older version has no partnerView, and the
    // profile names the same partner's.
    countryIso: view.data?.properties.partnerView?.countryIso ?? profile?.countryIso ?? 'SE',
    parties,
    reportRequired: nav !== undefined && currency !== undefined && isReportRequired(nav, list, currency),
    /** The reports the partner recorded for the saved customer's company, newest first. */
    creditReports: saved?.creditReports ?? [],
    /** The server's refusal of the parties at the editor's last save. */
    partyErrors: stored?.partyErrors ?? {},
    notFound: view.error instanceof ApiError && view.error.status === 404,
    readOnly: view.data?.properties.calculationProfile.isReadOnly ?? false,
    /** Puts the result into the editor's kept state. */
    keep: (patch: Partial<Parties>) => {
      // A new calculation opened straight at its form starts from an empty draft.
      const fresh = () =>
        setId
          ? undefined
          : { draft: newDraft(lists, '', decimalSeparatorOf(currentLocale())), parties: NO_PARTIES };
      return ref ? updateParties(ref, fresh, patch) : Promise.resolve();
    },
    refresh: () => queryClient.invalidateQueries({ queryKey: calculationKeys.all }),
  };
}
