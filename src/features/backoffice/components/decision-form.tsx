import { Alert, Badge, Box, Button, Fieldset, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { fieldsetSlotRecipe } from '@chakra-ui/react/theme/recipes/fieldset';
import { radioGroupSlotRecipe } from '@chakra-ui/react/theme/recipes/radio-group';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../client/http';
import { focusFirstError } from '../../../client/ui/focus-first-error';
import { CheckField, FieldMessages, TextAreaField, useErrorText } from '../../../client/ui/form-fields';
import { notify } from '../../../client/ui/notify';
import { useFormState } from '../../../client/ui/use-form-state';
import { MISSING_INFO, type MissingInfo } from '../../../domain/calculation/credit-decision';
import {
  DECISION_PROBLEM_KEYS,
  DECISION_TEXT_MAX,
  DECISIONS,
  decisionProblems,
  type DecisionBody,
} from '../../../domain/calculation/requests';
import type { Action } from '../../../domain/hypermedia';
import type { InvalidParam } from '../../../domain/problems';
import { useDecide } from '../api/mutations';
import type { DecisionKind, RequestDetail } from '../api/types';
import { handleWriteFailure, type FailureHandlers } from './failures';
import { Section } from '../../../client/ui/facts';

interface Draft {
  decision: DecisionKind | '';
  missingInfo: MissingInfo[];
  infoText: string;
  declineReason: string;
}

function bodyOf(d: Draft & { decision: DecisionKind }): DecisionBody {
  if (d.decision === 'needInformation')
    return { decision: d.decision, missingInfo: d.missingInfo, infoText: d.infoText.trim() || undefined };
  if (d.decision === 'decline') return { decision: d.decision, declineReason: d.declineReason.trim() };
  return { decision: d.decision };
}

const FIELDS = ['decision', 'missingInfo', 'infoText', 'declineReason'];
const KNOWN_REASONS: readonly string[] = DECISION_PROBLEM_KEYS;

/** The server's invalid-params on the form's fields ('missingInfo.0' is the missing-info list). */
export function serverErrorsOf(params: InvalidParam[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const p of params) {
    const name = p.name.split('.')[0] ?? '';
    const field = FIELDS.includes(name) ? name : 'decision';
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
  const navigate = useNavigate();
  const errorText = useErrorText();
  const decide = useDecide();
  const form = useFormState<Draft>(
    // What the rules miss now is ticked in advance; the underwriter confirms or changes it.
    { decision: '', missingInfo: request.missingNow, infoText: '', declineReason: '' },
    decisionProblems,
  );
  const [failed, setFailed] = useState(false);
  const hintId = useId();
  const d = form.value;
  const change = (patch: Partial<Draft>) => form.set((v) => ({ ...v, ...patch }));
  const toggle = (m: MissingInfo, on: boolean) =>
    change({
      missingInfo: on
        ? MISSING_INFO.filter((k) => k === m || d.missingInfo.includes(k))
        : d.missingInfo.filter((k) => k !== m),
    });

  const submit = async () => {
    form.submit();
    setFailed(false);
    if (!form.valid || !d.decision) {
      setFailed(true);
      focusFirstError();
      return;
    }
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
        form.setServerErrors(serverErrorsOf(params));
        setFailed(true);
        focusFirstError();
        return;
      }
      handleWriteFailure(error, handlers, t, t('backoffice.errors.decideFailed'));
    }
  };

  const decisionError = form.err('decision');
  const missingError = form.err('missingInfo');
  return (
    <Section title={t('backoffice.form.title')} testId="decision-form">
      <form
        noValidate
        aria-label={t('backoffice.form.title')}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="5">
          <Fieldset.Root recipe={fieldsetSlotRecipe} invalid={!!decisionError} data-field="decision">
            <Fieldset.Legend fontWeight="semibold">{t('backoffice.form.decision')}</Fieldset.Legend>
            <RadioGroup.Root
              recipe={radioGroupSlotRecipe}
              name="decision"
              value={d.decision || null}
              onValueChange={(e) => change({ decision: (e.value ?? '') as DecisionKind | '' })}
              mt="2"
            >
              <Stack gap="3">
                {DECISIONS.map((kind) => (
                  <RadioGroup.Item
                    key={kind}
                    value={kind}
                    alignItems="flex-start"
                    data-testid={`decision-${kind}`}
                  >
                    <RadioGroup.ItemHiddenInput
                      aria-describedby={`${hintId}-${kind}`}
                      onBlur={() => form.touch('decision')}
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
                        {t(`backoffice.form.hint.${kind}`)}
                      </Text>
                    </Stack>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            <Fieldset.ErrorText>{errorText(decisionError)}</Fieldset.ErrorText>
          </Fieldset.Root>

          {d.decision === 'needInformation' && (
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
                      checked={d.missingInfo.includes(m)}
                      onChange={(on) => toggle(m, on)}
                    />
                  ))}
                </Stack>
                <Fieldset.ErrorText>{errorText(missingError)}</Fieldset.ErrorText>
              </Fieldset.Root>
              <TextAreaField
                name="infoText"
                label={t('backoffice.form.infoText')}
                value={d.infoText}
                maxLength={DECISION_TEXT_MAX}
                error={form.err('infoText')}
                onChange={(infoText) => change({ infoText })}
                onTouch={form.touch}
              />
            </Stack>
          )}

          {d.decision === 'decline' && (
            <Box ps={{ base: 0, sm: 7 }}>
              <TextAreaField
                name="declineReason"
                label={t('backoffice.form.declineReason')}
                required
                value={d.declineReason}
                maxLength={DECISION_TEXT_MAX}
                error={form.err('declineReason')}
                onChange={(declineReason) => change({ declineReason })}
                onTouch={form.touch}
              />
            </Box>
          )}

          {failed && FIELDS.some((f) => form.err(f)) && (
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Title>{t('backoffice.form.invalid')}</Alert.Title>
            </Alert.Root>
          )}

          <Button
            type="submit"
            colorPalette={d.decision === 'decline' ? 'red' : 'brand'}
            alignSelf="flex-start"
            loading={decide.isPending}
            loadingText={t('backoffice.form.submitting')}
            data-testid="decision-submit"
          >
            {d.decision ? t(`backoffice.form.submit.${d.decision}`) : t('backoffice.form.submitAny')}
          </Button>
        </Stack>
      </form>
    </Section>
  );
}
