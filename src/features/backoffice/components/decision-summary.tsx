import { Badge, List, Text, listSlotRecipe } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import type { RequestDetail } from '../api/types';
import { useBackofficeFormat } from './format';
import { Fact, Facts, Section } from '../../../client/ui/facts';

/** The automatic decision stores the rule's reason as a key; an underwriter's is free text. */
const RULE_REASONS = ['scoreClass', 'legalFormNotAccepted'];

const DECISION_PALETTE: Record<string, string> = {
  approve: 'green',
  approveWithGuarantee: 'orange',
  needInformation: 'yellow',
  decline: 'red',
};

/** A request that is no longer open: what was decided, when and by whom (read-only). */
export function DecisionSummary({ request }: { request: RequestDetail }) {
  const { t } = useTranslation();
  const format = useBackofficeFormat();
  const { decision } = request;
  return (
    <Section title={t('backoffice.summary.title')} testId="decision-summary">
      {request.status === 'cancelled' ? (
        <Text>{t('backoffice.summary.cancelled')}</Text>
      ) : !decision ? (
        <Text>{t('backoffice.summary.notDecidable', { state: t(`states.${request.state}`) })}</Text>
      ) : (
        <Facts>
          <Fact label={t('backoffice.summary.decision')} testId="summary-decision">
            <Badge colorPalette={DECISION_PALETTE[decision] ?? 'gray'} variant="subtle">
              {t(`backoffice.decision.${decision}`)}
            </Badge>
          </Fact>
          {request.decidedAt && (
            <Fact label={t('backoffice.summary.decidedAt')}>{format.dateTime(request.decidedAt)}</Fact>
          )}
          <Fact label={t('backoffice.summary.decidedBy')}>
            {request.decidedBy === 'instant'
              ? t('backoffice.summary.byRules')
              : t('backoffice.summary.byUnderwriter')}
          </Fact>
          {request.missingInfo.length > 0 && (
            <Fact label={t('backoffice.summary.missingInfo')}>
              <List.Root recipe={listSlotRecipe} ps="4" gap="1">
                {request.missingInfo.map((m) => (
                  <List.Item key={m}>{t(`backoffice.missingInfo.${m}`)}</List.Item>
                ))}
              </List.Root>
            </Fact>
          )}
          {request.infoText && (
            <Fact label={t('backoffice.summary.infoText')}>
              <Text whiteSpace="pre-wrap">{request.infoText}</Text>
            </Fact>
          )}
          {request.declineReason && (
            <Fact label={t('backoffice.summary.declineReason')}>
              <Text whiteSpace="pre-wrap">
                {RULE_REASONS.includes(request.declineReason)
                  ? t(`backoffice.ruleReasons.${request.declineReason}`)
                  : request.declineReason}
              </Text>
            </Fact>
          )}
          {decision === 'approveWithGuarantee' && (
            <Fact label={t('backoffice.summary.guarantee')}>
              {request.guaranteeReceivedAt
                ? t('backoffice.summary.guaranteeReceivedAt', {
                    date: format.dateTime(request.guaranteeReceivedAt),
                  })
                : t('backoffice.summary.guaranteeAwaited')}
            </Fact>
          )}
          <Fact label={t('backoffice.summary.state')}>{t(`states.${request.state}`)}</Fact>
        </Facts>
      )}
    </Section>
  );
}
