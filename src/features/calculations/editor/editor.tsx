import {
  Alert,
  Badge,
  Button,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from '../../../client/ui/chakra';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../client/http';
import { enqueue, onSent } from '../../../client/offline/outbox';
import type { CalculationSetSave } from '../../../domain/calculation/variant';
import { focusFirstError } from '../../../client/ui/focus-first-error';
import { TransitionUpdates } from '../../../client/ui/form-fields';
import { notify } from '../../../client/ui/notify';
import { discardUnsavedChanges } from '../../../client/unsaved';
import { categoryOf, colourOf, CONTRACT_STARTED } from '../../../domain/calculation/states';
import { findAction, type ActionName, type Entity } from '../../../domain/hypermedia';
import { queueDraftFiles } from '../../../client/offline/draft-files';
import type { BodyOf } from '../../../domain/api/contract';
import { useSaveCalculation, useVariantAction } from '../api/mutations';
import type { CalculationViewProperties, VariantProperties } from '../../../client/calculation/types';
import { BasicTile } from './basic-tile';
import { ComparePanel } from './compare-panel';
import { ContractTile } from './contract-tile';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { ObjectsTile } from './objects-tile';
import { OptionsTile } from './options-tile';
import { PartyTiles } from './party-tiles';
import { serverFieldErrors } from './use-calculation';
import { keyOf, partyErrorsOf, variantEntityKey, type Kept } from '../../../client/calculation/draft-store';
import { useEditor } from './use-editor';
import type { EditorSlots } from './slots';
import { Tile } from './tile';
import { STATE_PALETTE, VariantBar } from './variant-bar';
import { isStorageFull } from '../../../client/offline/db';
import { useFormat } from '../../../client/format/format';
import { serverReason } from '../../../client/refusal';

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
  const save = useSaveCalculation();
  const act = useVariantAction();
  const [etag, setEtag] = useState(saved?.etag);
  const [state, setState] = useState(saved?.state ?? 'inWork');
  // The provider's decision arrives while the editor is open (live events refresh the view).
  const [viewState, setViewState] = useState(saved?.state);
  if (saved?.state !== viewState) {
    setViewState(saved?.state);
    if (saved?.state) setState(saved.state);
  }
  // A save kept on this device until the outbox delivers it; its answer carries the new version.
  const entityKey = saved && variantEntityKey(saved.calculationSetId, saved.calculationVariantId);
  const [onDevice, setOnDevice] = useState(Boolean(kept.pending));
  /** The sequence number of this editor's last save kept on the device. */
  const lastKept = useRef<number>(undefined);
  const sent = useEffectEvent<Parameters<typeof onSent>[0]>((entry, answer) => {
    if (entry.entityKey !== entityKey || entry.fileId) return;
    // Another tab's save of this calculation, later than this editor's, reached the server:
    // show what the server holds now, unless the user has typed since.
    if (entry.seq !== lastKept.current && !ed.dirty) return onReload();
    const delivered = answer?.properties as Partial<VariantProperties> | undefined;
    if (delivered?.etag) setEtag(delivered.etag);
    if (delivered?.state) setState(delivered.state);
    setOnDevice(false);
  });
  useEffect(() => {
    if (entityKey) return onSent((entry, answer) => sent(entry, answer));
  }, [entityKey]);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [compareOpen, setCompareOpen] = useState(false);

  const readOnly = view.calculationProfile.isReadOnly || (saved?.isReadOnly ?? false);
  /** Where a new calculation's chosen files wait until its set exists. */
  const newDraftKey = keyOf({ userProfileId });
  const currency = saved?.currencyCode ?? view.calculationProfile.currencyCode;

  // A refusal says the server's reason; only a failure says the generic text.
  const fail = (error: unknown) =>
    notify({
      type: 'error',
      title: serverReason(error, t, i18n.exists, 'calculation.errors') ?? t('errors.generic'),
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
    const ids = saved ? { setId: saved.calculationSetId, variantId: saved.calculationVariantId } : undefined;
    if (!navigator.onLine) return saveLater(body, ids);
    try {
      const answer = await save.mutateAsync({ body, ids, etag: opts.ifMatch ?? etag, force: opts.force });
      const setId = answer.properties.calculationSetId;
      if (!ids)
        await queueDraftFiles(newDraftKey, {
          profileId: userProfileId,
          entityKey: `documents:${setId}`,
          setId,
        });
      ed.markSaved(answer.properties);
      setEtag(answer.properties.etag);
      setState(answer.properties.state);
      notify({ type: 'success', title: t('calculation.save.saved'), duration: 4000 });
      if (!ids) open(answer, true);
    } catch (error) {
      if (!(error instanceof ApiError)) return fail(error);
      if (error.status === 0) return saveLater(body, ids);
      const problem = error.problem;
      if (error.status === 400 && problem?.errorKeys?.length)
        // The result as a whole is refused (instalmentTooSmall): its own words, no field to mark.
        notify({
          type: 'error',
          title:
            serverReason(error, t, i18n.exists, 'calculation.errors') ??
            t('calculation.results.unknownErrorTitle'),
          correlationId: error.correlationId,
        });
      else if (error.status === 400 && serverFieldErrors(error)) {
        ed.setSaveErrors(serverFieldErrors(error)!);
        ed.setPartyErrors(partyErrorsOf(problem?.['invalid-params'] ?? []));
        notify({ type: 'error', title: t('calculation.save.rejected'), correlationId: error.correlationId });
      } else if (error.status === 409 && problem?.canForce)
        setBlocked(typeof problem.state === 'string' ? problem.state : '');
      else if (error.status === 409)
        // contractLocked says why (a started contract), else the state allows no change at all.
        notify({
          type: 'error',
          title:
            serverReason(error, t, i18n.exists, 'calculation.errors') ??
            t('calculation.errors.invalidCurrentState'),
          correlationId: error.correlationId,
        });
      else if (error.status === 412) setConflict(typeof problem?.etag === 'string' ? problem.etag : '');
      else fail(error);
    }
  };

  /**
   * Without a connection the save waits in the outbox and is sent, once, when it returns. It is
   * recorded before the first await (client/offline/journal.ts): leaving at once loses nothing.
   */
  const saveLater = async (body: CalculationSetSave, ids?: { setId: string; variantId: string }) => {
    const saving = enqueue(
      {
        profileId: userProfileId,
        entityKey: ids ? variantEntityKey(ids.setId, ids.variantId) : `new:${crypto.randomUUID()}`,
        label: body.applicant?.name || (ids ? t('calculation.title') : t('calculation.newTitle')),
        endpoint: ids ? 'saveVariant' : 'createSet',
        params: ids ?? {},
        body,
        ifMatch: ids ? etag : undefined,
      },
      // The save takes the kept draft over; a new calculation's chosen files follow its create
      // and learn its set's id.
      ids
        ? { draftKey: keyOf({ userProfileId, ...ids }) }
        : {
            draftKey: newDraftKey,
            upload: { userProfileId },
          },
    );
    // Recorded by now (synchronously, in this click): leaving the page at once keeps it.
    ed.handOver();
    try {
      lastKept.current = await saving;
    } catch (error) {
      // Not kept: the form keeps what was typed and still counts it as unsaved.
      ed.handOver(false);
      const full = isStorageFull(error);
      notify({ type: 'error', title: t(full ? 'offline.storageFull' : 'offline.notKept'), duration: 15000 });
      return;
    }
    ed.forget();
    notify({ type: 'info', title: t('calculation.save.queued'), duration: 6000 });
    if (ids) return setOnDevice(true);
    discardUnsavedChanges();
    void navigate('/calculations');
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
              {onDevice ? (
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
      {entity && !view.calculationProfile.isReadOnly && <ProcessBar entity={entity} dirty={ed.dirty} />}
      {saved && (
        <VariantBar
          setId={saved.calculationSetId}
          variants={saved.variants}
          currentId={saved.calculationVariantId}
          onCopy={
            copyAction ? () => void run('copy-variant', { copyOf: saved.calculationVariantId }) : undefined
          }
          onAddFromDraft={
            copyAction && ed.calc.choice.list
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
          {ed.dirty && (
            <Text fontSize="sm" color="fg.muted" data-testid="unsaved">
              {t('calculation.save.unsaved')}
            </Text>
          )}
          <Button
            colorPalette="brand"
            loading={save.isPending}
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
