import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Box,
  Button,
  Fieldset,
  RadioGroup,
  Stack,
  Text,
  fieldsetSlotRecipe,
  radioGroupSlotRecipe,
} from '../../../client/ui/chakra';
import { useEffect, useId, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { ApiError } from '../../../client/http';
import { focusFirstError } from '../../../client/ui/focus-first-error';
import { CheckField, FieldMessages, TextAreaField, useErrorText } from '../../../client/ui/form-fields';
import { notify } from '../../../client/ui/notify';
import { MISSING_INFO, type MissingInfo } from '../../../domain/calculation/credit-decision';
import {
  approves,
  DECISION_PROBLEM_KEYS,
  DECISION_TEXT_MAX,
  DecisionDraft,
  DECISIONS,
  type DecisionBody,
} from '../../../domain/calculation/requests';
import type { Action } from '../../../domain/hypermedia';
import type { InvalidParam } from '../../../domain/problems';
import { useDecide } from '../api/mutations';
import type { DecisionKind, RequestDetail } from '../api/types';
import { handleWriteFailure, type FailureHandlers } from './failures';
import { useBackofficeFormat } from './format';
import { Section } from '../../../client/ui/facts';

type Parsed = z.output<typeof DecisionDraft>;

function bodyOf(d: Parsed & { decision: DecisionKind }): DecisionBody {
  if (d.decision === 'needInformation')
    return { decision: d.decision, missingInfo: d.missingInfo, infoText: d.infoText || undefined };
  if (d.decision === 'decline') return { decision: d.decision, declineReason: d.declineReason };
  return { decision: d.decision };
}

const FIELDS = ['decision', 'missingInfo', 'infoText', 'declineReason'] as const;
type Field = (typeof FIELDS)[number];
const KNOWN_REASONS: readonly string[] = DECISION_PROBLEM_KEYS;

/** The server's invalid-params on the form's fields ('missingInfo.0' is the missing-info list). */
export function serverErrorsOf(params: InvalidParam[]): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const p of params) {
    const name = p.name.split('.')[0] ?? '';
    const field = FIELDS.find((f) => f === name) ?? 'decision';
    errors[field] ??= KNOWN_REASONS.includes(p.reason) ? p.reason : 'invalid';
  }
  return errors;
}

/**
 * The underwriter's decision on an open request: approve, approve with a bank guarantee, ask for
 * information (what is missing, ticked from the rules' list, and/or a text) or decline (with a
 * reason). After it is taken the queue shows again.
 */
export function DecisionForm({
  request,
  action,
  ...handlers
}: { request: RequestDetail; action: Action } & FailureHandlers) {
  return (
    <FieldMessages.Provider value="backoffice.errors">
      <DecisionFields request={request} action={action} {...handlers} />
    </FieldMessages.Provider>
  );
}

function DecisionFields({
  request,
  action,
  ...handlers
}: { request: RequestDetail; action: Action } & FailureHandlers) {
  const { t } = useTranslation();
  const format = useBackofficeFormat();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const decide = useDecide();
  const { control, handleSubmit, formState, getFieldState, trigger, setError } = useForm<
    DecisionDraft,
    unknown,
    Parsed
  >({
    resolver: zodResolver(DecisionDraft),
    mode: 'onTouched',
    // focusFirstError scrolls the marked field into view as well.
    shouldFocusError: false,
    // What the rules miss now is ticked in advance; the underwriter confirms or changes it.
    defaultValues: { decision: '', missingInfo: request.missingNow, infoText: '', declineReason: '' },
  });
  const { field: decisionField } = useController({ control, name: 'decision' });
  const { field: missingField } = useController({ control, name: 'missingInfo' });
  const { field: infoField } = useController({ control, name: 'infoText' });
  const { field: reasonField } = useController({ control, name: 'declineReason' });
  const [failed, setFailed] = useState(false);
  const hintId = useId();
  const decision = decisionField.value;
  const missingInfo = missingField.value;
  // Above the underwriter's own limit only a colleague with a higher one approves (the server says so too).
  const aboveLimit = request.approvalLimit !== null && request.nav > request.approvalLimit;
  /** The rules' messages follow every change (a change clears the server's). */
  const changed =
    <T,>(onChange: (v: T) => void) =>
    (v: T) => {
      onChange(v);
      void trigger();
    };
  /** A message shows once its field was left or a decision was tried; the server's at once. */
  const err = (name: Field) => {
    const { error, isTouched } = getFieldState(name, formState);
    return error?.type === 'server' || isTouched || formState.isSubmitted ? error?.message : undefined;
  };
  const toggle = (m: MissingInfo, on: boolean) =>
    changed(missingField.onChange)(
      on
        ? MISSING_INFO.filter((k) => k === m || missingInfo.includes(k))
        : missingInfo.filter((k) => k !== m),
    );

  // The marked field is brought into view once the refusal's messages are rendered.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) focusFirstError();
  }, [refusals]);
  const refused = () => {
    setFailed(true);
    setRefusals((n) => n + 1);
  };
  const submit = handleSubmit(async (d) => {
    setFailed(false);
    if (!d.decision) return; // refused by decisionProblems already
    try {
      await decide.mutateAsync({ action, body: bodyOf({ ...d, decision: d.decision }) });
      notify({
        type: 'success',
        title: t('backoffice.decided.title', { decision: t(`backoffice.decision.${d.decision}`) }),
        description: t('backoffice.decided.text', { customer: request.applicant?.name ?? '' }),
        duration: 6000,
      });
      void navigate('/backoffice');
    } catch (error) {
      const params =
        error instanceof ApiError && error.status === 400 ? error.problem?.['invalid-params'] : undefined;
      if (params?.length) {
        for (const [field, message] of Object.entries(serverErrorsOf(params)))
          setError(field as Field, { type: 'server', message });
        refused();
        return;
      }
      handleWriteFailure(error, handlers, t, t('backoffice.errors.decideFailed'));
    }
  }, refused);

  const decisionError = err('decision');
  const missingError = err('missingInfo');
  return (
    <Section title={t('backoffice.form.title')} testId="decision-form">
      <form noValidate aria-label={t('backoffice.form.title')} onSubmit={(e) => void submit(e)}>
        <Stack gap="5">
          <Fieldset.Root recipe={fieldsetSlotRecipe} invalid={!!decisionError} data-field="decision">
            <Fieldset.Legend fontWeight="semibold">{t('backoffice.form.decision')}</Fieldset.Legend>
            <RadioGroup.Root
              recipe={radioGroupSlotRecipe}
              name="decision"
              value={decision || null}
              onValueChange={(e) => changed(decisionField.onChange)(e.value ?? '')}
              mt="2"
            >
              <Stack gap="3">
                {DECISIONS.map((kind) => (
                  <RadioGroup.Item
                    key={kind}
                    value={kind}
                    alignItems="flex-start"
                    disabled={aboveLimit && approves(kind)}
                    data-testid={`decision-${kind}`}
                  >
                    <RadioGroup.ItemHiddenInput
                      aria-describedby={`${hintId}-${kind}`}
                      onBlur={decisionField.onBlur}
                    />
                    <RadioGroup.ItemIndicator mt="0.5" />
                    <Stack gap="0">
                      <RadioGroup.ItemText fontWeight="medium">
                        {t(`backoffice.form.option.${kind}`)}
                        {request.proposal === kind && (
                          <Badge ms="2" colorPalette="blue" variant="subtle" size="sm">
                            {t('backoffice.form.proposed')}
                          </Badge>
                        )}
                      </RadioGroup.ItemText>
                      <Text id={`${hintId}-${kind}`} fontSize="sm" color="fg.muted">
                        {aboveLimit && approves(kind)
                          ? t('backoffice.form.aboveApprovalLimit', {
                              limit: format.amount(request.approvalLimit, request.currencyCode),
                            })
                          : t(`backoffice.form.hint.${kind}`)}
                      </Text>
                    </Stack>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            <Fieldset.ErrorText>{errorText(decisionError)}</Fieldset.ErrorText>
          </Fieldset.Root>

          {decision === 'needInformation' && (
            <Stack gap="4" ps={{ base: 0, sm: 7 }}>
              <Fieldset.Root recipe={fieldsetSlotRecipe} invalid={!!missingError} data-field="missingInfo">
                <Fieldset.Legend fontWeight="semibold">{t('backoffice.form.missingInfo')}</Fieldset.Legend>
                <Fieldset.HelperText>{t('backoffice.form.missingInfoHelp')}</Fieldset.HelperText>
                <Stack gap="2" mt="2">
                  {MISSING_INFO.map((m) => (
                    <CheckField
                      key={m}
                      name={`missingInfo-${m}`}
                      label={t(`backoffice.missingInfo.${m}`)}
                      checked={missingInfo.includes(m)}
                      onChange={(on) => toggle(m, on)}
                    />
                  ))}
                </Stack>
                <Fieldset.ErrorText>{errorText(missingError)}</Fieldset.ErrorText>
              </Fieldset.Root>
              <TextAreaField
                name="infoText"
                label={t('backoffice.form.infoText')}
                value={infoField.value}
                maxLength={DECISION_TEXT_MAX}
                error={err('infoText')}
                onChange={changed(infoField.onChange)}
                onTouch={infoField.onBlur}
              />
            </Stack>
          )}

          {decision === 'decline' && (
            <Box ps={{ base: 0, sm: 7 }}>
              <TextAreaField
                name="declineReason"
                label={t('backoffice.form.declineReason')}
                required
                value={reasonField.value}
                maxLength={DECISION_TEXT_MAX}
                error={err('declineReason')}
                onChange={changed(reasonField.onChange)}
                onTouch={reasonField.onBlur}
              />
            </Box>
          )}

          {failed && FIELDS.some((f) => err(f)) && (
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Title>{t('backoffice.form.invalid')}</Alert.Title>
            </Alert.Root>
          )}

          <Button
            type="submit"
            colorPalette={decision === 'decline' ? 'red' : 'brand'}
            alignSelf="flex-start"
            loading={decide.isPending}
            loadingText={t('backoffice.form.submitting')}
            data-testid="decision-submit"
          >
            {decision ? t(`backoffice.form.submit.${decision}`) : t('backoffice.form.submitAny')}
          </Button>
        </Stack>
      </form>
    </Section>
  );
}
