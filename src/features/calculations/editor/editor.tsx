import {
  Alert,
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from '../../../client/ui/chakra';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../client/http';
import { focusFirstError } from '../../../client/ui/focus-first-error';
import { TransitionUpdates } from '../../../client/ui/form-fields';
import { notify } from '../../../client/ui/notify';
import { discardUnsavedChanges } from '../../../client/unsaved';
import { categoryOf, colourOf, CONTRACT_STARTED } from '../../../domain/calculation/states';
import { findAction, type ActionName, type Entity } from '../../../domain/hypermedia';
import type { BodyOf } from '../../../domain/api/contract';
import { useVariantAction } from '../api/mutations';
import { useCalculationSave } from '../../../client/calculation/save';
import type { CalculationViewProperties, VariantProperties } from '../../../client/calculation/types';
import { BasicTile } from './basic-tile';
import { ComparePanel } from './compare-panel';
import { ContractTile } from './contract-tile';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { ObjectsTile } from './objects-tile';
import { ChosenPeriod } from './results-table';
import { OptionsTile } from './options-tile';
import { PartyTiles } from './party-tiles';
import type { Kept } from '../../../client/calculation/draft-store';
import { useEditor } from './use-editor';
import type { EditorSlots } from './slots';
import { Tile } from './tile';
import { STATE_PALETTE, VariantBar } from './variant-bar';
import { useFormat } from '../../../client/format/format';
import { serverReason } from '../../../client/refusal';
import { usePageSubject } from '../../../client/page-subject';

/**
 * The calculation editor (portal specification, “Screens and routes”, “States and transitions” and “Validation rules”) for a new or a saved variant. Saving
 * sends the inputs; the server recalculates, enforces the state locks (blocking dialog, then a
 * forced update after confirmation) and refuses an outdated version (If-Match).
 */
export function CalculationEditor({
  view,
  userProfileId,
  kept,
  slots: { ProcessBar, DraftAttachments },
  onReload,
}: {
  view: CalculationViewProperties;
  userProfileId: string;
  /** What the device keeps of this calculation: unsaved work, a save not yet sent. */
  kept: Kept;
  /** The process bar and the draft's files, of other areas. */
  slots: EditorSlots;
  onReload: () => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const entity = view.variant;
  const saved = entity?.properties;
  const ed = useEditor(
    view,
    {
      userProfileId,
      setId: saved?.calculationSetId,
      variantId: saved?.calculationVariantId,
    },
    kept,
  );
  const act = useVariantAction();
  const saving = useCalculationSave({
    userProfileId,
    saved,
    pending: Boolean(kept.pending),
    dirty: ed.dirty,
    onReload,
  });
  const { state, newDraftKey } = saving;
  const [blocked, setBlocked] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [compareOpen, setCompareOpen] = useState(false);

  const readOnly = view.calculationProfile.isReadOnly || (saved?.isReadOnly ?? false);
  const currency = saved?.currencyCode ?? view.calculationProfile.currencyCode;

  // A refusal says the server's reason; only a failure says the generic text.
  const fail = (error: unknown, fallback = 'errors.generic') =>
    notify({
      type: 'error',
      title: serverReason(error, t, i18n.exists, 'calculation.errors') ?? t(fallback),
      correlationId: error instanceof ApiError ? error.correlationId : undefined,
    });

  const open = (answer: Entity<VariantProperties>, replace = false) => {
    discardUnsavedChanges();
    void navigate(
      `/calculations/${answer.properties.calculationSetId}/${answer.properties.calculationVariantId}`,
      {
        replace,
      },
    );
  };

  const onSave = async (opts: { force?: boolean; ifMatch?: string } = {}) => {
    ed.submit();
    const body = ed.body();
    if (!body) {
      notify({ type: 'warning', title: t('calculation.save.invalid'), duration: 5000 });
      focusFirstError();
      return;
    }
    const label = body.applicant?.name || (saved ? t('calculation.title') : t('calculation.newTitle'));
    const outcome = await saving.save(body, {
      ...opts,
      label,
      handOver: ed.handOver,
      // Whether the object list may go alone is the editor's rule (useEditor's objectsOnly).
      objectsOnly: ed.objectsOnly({ ...opts, onDevice: saving.onDevice }),
    });
    switch (outcome.kind) {
      case 'saved':
        ed.markSaved(outcome.answer.properties);
        notify({ type: 'success', title: t('calculation.save.saved'), duration: 4000 });
        if (outcome.created) open(outcome.answer, true);
        return;
      case 'queued':
        ed.forget();
        notify({ type: 'info', title: t('calculation.save.queued'), duration: 6000 });
        if (!outcome.created) return;
        discardUnsavedChanges();
        return void navigate('/calculations');
      case 'notKept':
        // The form keeps what was typed and still counts it as unsaved.
        return notify({
          type: 'error',
          title: t(outcome.storageFull ? 'offline.storageFull' : 'offline.notKept'),
          duration: 15000,
        });
      case 'invalid':
        ed.setSaveErrors(outcome.fields);
        ed.setPartyErrors(outcome.parties);
        return notify({
          type: 'error',
          title: t('calculation.save.rejected'),
          correlationId: outcome.error.correlationId,
        });
      case 'blocked':
        return setBlocked(outcome.state);
      case 'conflict':
        return setConflict(outcome.etag);
      case 'refused':
        return fail(outcome.error, refusalFallback(outcome.error));
    }
  };

  const run = async (name: ActionName, body?: BodyOf<'addVariant'>) => {
    const action = entity && findAction(entity, name);
    if (!action) return;
    try {
      const answer = await act.mutateAsync({ action, body });
      if (answer) open(answer);
      else if (saved) {
        const next = saved.variants.find((v) => v.calculationVariantId !== saved.calculationVariantId);
        if (next)
          void navigate(`/calculations/${saved.calculationSetId}/${next.calculationVariantId}`, {
            replace: true,
          });
      }
    } catch (error) {
      fail(error);
    }
  };
  const copyAction = entity && findAction(entity, 'copy-variant');
  const deleteAction = entity && findAction(entity, 'delete-variant');
  const lastSaved = saved?.lastSaved.at ? format.dateTime(saved.lastSaved.at) : undefined;

  usePageSubject(ed.parties.applicant?.name);

  return (
    <Stack gap="5" maxW="7xl" pb="24">
      <Flex justify="space-between" align="start" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {saved ? ed.parties.applicant?.name || t('calculation.title') : t('calculation.newTitle')}
          </Heading>
          {saved && (
            <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
              <Button asChild size="xs" variant="outline">
                <Link
                  to={`/calculations/${saved.calculationSetId}/${saved.calculationVariantId}/attachments`}
                >
                  {t('calculation.documents')}
                </Link>
              </Button>
              <Badge colorPalette={STATE_PALETTE[colourOf(state)]} data-testid="variant-state">
                {t(`states.${state}`)}
              </Badge>
              {saving.onDevice ? (
                <Text data-testid="kept-on-device">{t('calculation.save.keptOnDevice')}</Text>
              ) : (
                <Text>{t('calculation.lastSaved', { at: lastSaved, by: saved.lastSaved.by ?? '' })}</Text>
              )}
            </HStack>
          )}
        </Stack>
      </Flex>
      {view.calculationProfile.isReadOnly && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('calculation.readOnlyBrand')}</Alert.Title>
        </Alert.Root>
      )}
      {saved?.isLocked && !readOnly && (
        <Alert.Root status="warning" data-testid="locked-notice">
          <Alert.Indicator />
          <Alert.Title>
            {CONTRACT_STARTED.includes(state)
              ? t('calculation.errors.contractLocked')
              : t('calculation.lockedNotice', { state: t(`states.${state}`) })}
          </Alert.Title>
        </Alert.Root>
      )}
      {entity && (
        // The customer's acceptance selected a period on the server: shown unless the user is typing.
        <ProcessBar
          entity={entity}
          dirty={ed.dirty}
          readOnly={view.calculationProfile.isReadOnly}
          onAccepted={ed.dirty ? undefined : onReload}
        />
      )}
      {saved && (
        <VariantBar
          setId={saved.calculationSetId}
          variants={saved.variants}
          currentId={saved.calculationVariantId}
          onCopy={
            copyAction ? () => void run('copy-variant', { copyOf: saved.calculationVariantId }) : undefined
          }
          onAddFromDraft={
            copyAction && ed.calc.list
              ? () => void run('copy-variant', { calculationVariant: ed.variant() })
              : undefined
          }
          onDelete={deleteAction ? () => setConfirmDelete(true) : undefined}
          compareOpen={compareOpen}
          onToggleCompare={() => setCompareOpen((o) => !o)}
        />
      )}
      {saved && compareOpen && (
        <ComparePanel variants={saved.variants} lists={view.conditionLists} currency={currency} />
      )}

      {/* The form's values are the editor's truth (use-editor.ts): a change renders in a transition. */}
      <TransitionUpdates value>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
          <BasicTile ed={ed} readOnly={readOnly} currency={currency} />
          <ContractTile ed={ed} lists={view.conditionLists} readOnly={readOnly} currency={currency} />
          <OptionsTile ed={ed} readOnly={readOnly} currency={currency} />
          <ObjectsTile
            ed={ed}
            objectTypes={view.objectTypes}
            readOnly={readOnly}
            currency={currency}
            showSerialNumbers={categoryOf(state) !== 'Quote'}
            detailsNeeded={saved?.requestBlockers.includes('objectDetailsMissing') ?? false}
          />
          <PartyTiles
            ed={ed}
            readOnly={readOnly}
            base={
              saved
                ? `/calculations/${saved.calculationSetId}/${saved.calculationVariantId}`
                : '/calculations/new-calculation'
            }
            saved={saved && { agencyId: saved.applicant?.agencyId, reports: saved.creditReports }}
            currency={currency}
          />
          {!saved && !readOnly && (
            <Tile title={t('documents.draft.title')} id="attachments" span>
              <DraftAttachments draftKey={newDraftKey} />
            </Tile>
          )}
        </SimpleGrid>
      </TransitionUpdates>

      {!readOnly && (
        <Flex
          position="sticky"
          bottom="0"
          bg="bg.panel"
          borderTopWidth="1px"
          py="3"
          px="4"
          mx="-4"
          justify="flex-end"
          align="center"
          gap="3"
          zIndex="docked"
        >
          <Box flex="1" minW="0">
            <ChosenPeriod
              row={ed.calc.results.find((r) => r.periodInMonths === ed.draft.periodInMonths)}
              currency={currency}
              stale={!ed.calc.upToDate}
            />
          </Box>
          {ed.dirty && (
            <Text fontSize="sm" color="fg.muted" data-testid="unsaved">
              {t('calculation.save.unsaved')}
            </Text>
          )}
          <Button
            colorPalette="brand"
            loading={saving.pending}
            onClick={() => void onSave()}
            data-testid="save"
          >
            {t('calculation.save.save')}
          </Button>
        </Flex>
      )}

      <ConfirmDialog
        open={blocked !== null}
        title={t('calculation.blocked.title')}
        text={t('calculation.blocked.text', { state: blocked ? t(`states.${blocked}`) : '' })}
        confirm={t('calculation.blocked.confirm')}
        onCancel={() => setBlocked(null)}
        onConfirm={() => {
          setBlocked(null);
          void onSave({ force: true });
        }}
      />
      <ConfirmDialog
        open={conflict !== null}
        title={t('calculation.conflict.title')}
        text={t('calculation.conflict.text')}
        confirm={t('calculation.conflict.keepMine')}
        cancel={t('calculation.conflict.takeTheirs')}
        onCancel={() => {
          setConflict(null);
          discardUnsavedChanges();
          onReload();
        }}
        onConfirm={() => {
          const current = conflict ?? undefined;
          setConflict(null);
          void onSave({ ifMatch: current });
        }}
      />
      <ConfirmDialog
        open={confirmDelete}
        danger
        title={t('calculation.variants.deleteTitle')}
        text={t('calculation.variants.deleteText')}
        confirm={t('calculation.variants.delete')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          discardUnsavedChanges();
          void run('delete-variant');
        }}
      />
    </Stack>
  );
}

/** What a refusal says when the server's reason has no text here. */
function refusalFallback(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.generic';
  // The result as a whole is refused (instalmentTooSmall).
  if (error.status === 400 && error.problem?.errorKeys?.length)
    return 'calculation.results.unknownErrorTitle';
  // contractLocked says why (a started contract), else the state allows no change at all.
  if (error.status === 409) return 'calculation.errors.invalidCurrentState';
  return 'errors.generic';
}
