import { BackArrow } from '../../../client/ui/icons';
import * as endpoints from '../../../domain/api/endpoints/documents';
import {
  Alert,
  Badge,
  Button,
  Card,
  chakra,
  Flex,
  Heading,
  List,
  RadioGroup,
  Skeleton,
  Stack,
  Text,
  radioGroupSlotRecipe,
} from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { decodeBase64, saveFile } from '../../../client/download';
import { ApiError, followAction } from '../../../client/http';
import { useOnline } from '../../../client/online';
import { notify } from '../../../client/ui/notify';
import { StateBadge } from '../../../client/ui/state-badge';
import { findAction, type Entity } from '../../../domain/hypermedia';
import { SIGNING_METHODS, startPaperAttached, startPapers, type StartPaper } from '../../../domain/signing';
import { calculationViewQuery } from '../../../client/calculation/queries';
import { documentsQuery } from '../../../client/documents/queries';
import { ESignatureForm, ESignatureStatus } from '../components/esignature';
import { BankIdSigning, useBankIdStatus } from '../components/bankid-signing';
import { useProcessCall } from '../../../client/calculation/process-call';
import type { SigningSlots } from '../slots';
import { serverReason } from '../../../client/refusal';
import type { Refusal } from '../components/esign-refusal';
import { RefusalAlert } from '../components/refusal-alert';

/**
 * .../contract-details (portal specification, “Screens and routes” and “The calls it makes”): the signing method, the paper contract to
 * print, the signed contract and the delivery note to attach, and the contract start. The upload
 * area of documents comes from the route (src/app/routes/contract-details.tsx).
 */
export function ContractDetailsPage({ slots: { UploadArea } }: { slots: SigningSlots }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const { calculationSetId = '', calculationVariantId = '' } = useParams();
  const view = useQuery(calculationViewQuery(calculationSetId, calculationVariantId));
  const documents = useQuery(documentsQuery(calculationSetId));
  const call = useProcessCall<undefined, Entity>();
  // The method the user picked; until then the running signing's, or paper.
  const [chosen, setMethod] = useState<string>();
  // The variant's BankID signing, if one was started (null: none; the e-signature's then).
  const bankId = useBankIdStatus(view.data?.properties.variant);
  const [problems, setProblems] = useState<string[]>([]);
  const [printRefusal, setPrintRefusal] = useState<Refusal & { fix: boolean }>();
  const entity = view.data?.properties.variant;
  const v = entity?.properties;
  const print = entity && findAction(entity, 'paper-contract');
  const start = entity && findAction(entity, 'send-contract-start');
  const base = `/calculations/${calculationSetId}/${calculationVariantId}`;
  const stored = useMemo(
    () =>
      [...(documents.data?.generated ?? []), ...(documents.data?.attachments ?? [])].map((d) => ({
        documentGroup: d.documentGroup,
        category: d.category,
        savedAt: d.saveDate,
      })),
    [documents.data],
  );
  const attached = (paper: StartPaper) => startPaperAttached(paper, stored);

  const printContract = async () => {
    if (!print) return;
    setPrintRefusal(undefined);
    try {
      const answer = await call.mutateAsync({ action: print });
      const details = findAction(answer, 'get-document-details');
      if (details) {
        const file = await followAction(details, endpoints.downloadDocument);
        saveFile(decodeBase64(file.contentAsBase64), file.fileName, 'application/pdf');
      }
      notify({ type: 'success', title: t('signing.printed'), duration: 6000 });
    } catch (e) {
      // The server's reason, and where to fix it, on this page (docs/architecture.md, “Refusals”).
      const keys = e instanceof ApiError ? (e.problem?.errorKeys ?? []) : [];
      setPrintRefusal({
        text: serverReason(e, t, i18n.exists, 'signing.errors') ?? t('signing.errors.print'),
        refresh: false,
        fix: keys.includes('partiesMissing'),
        correlationId: e instanceof ApiError ? e.correlationId : undefined,
      });
    }
  };
  const sendStart = async () => {
    if (!start) return;
    setProblems([]);
    try {
      await call.mutateAsync({ action: start });
      void navigate(`${base}/summary-sent`);
    } catch (e) {
      const keys = e instanceof ApiError ? (e.problem?.errorKeys ?? []) : [];
      setProblems(keys.length ? keys : ['generic']);
    }
  };

  if (view.isPending) return <Skeleton h="64" />;
  if (!v) return <Alert.Root status="error">{t('errors.generic')}</Alert.Root>;
  const printed = v.state === 'contractPrinted' || v.state === 'missingApplicationInfo';
  // Signed through a service: the partner's own delivery note may replace the customer's confirmation.
  const ownDelivery = v.state === 'awaitingDeliveryConfirmation';
  const papers = startPapers(v.state);
  const eSign = findAction(entity, 'start-esignature') ?? findAction(entity, 'change-to-econtract');
  const signing = [
    'startingESignature',
    'awaitingCustomerSignature',
    'awaitingPartnerSignature',
    'awaitingDeliveryConfirmation',
  ].includes(v.state);
  const viaBankId = !!bankId.data;
  // Signed (by any method) and with the provider: nothing is left to choose here; BankID says
  // its own finish.
  const finished = (v.state === 'applicationReceived' || v.state === 'contracted') && !viaBankId;
  const method = chosen ?? (signing ? (viaBankId ? 'bankid' : 'docusign') : 'papercontract');
  const paper = method === 'papercontract' || printed;
  const available = (m: string) =>
    m === 'papercontract' ||
    (m === 'docusign' && (!!eSign || signing)) ||
    (m === 'bankid' && (!!findAction(entity, 'change-to-bankId') || signing));
  // A signing may start, but not with BankID: the brand does not sign with it, so it is not shown.
  const offered = SIGNING_METHODS.filter((m) => m !== 'bankid' || !eSign || available(m));

  return (
    <Stack gap="5" maxW="4xl" data-testid="contract-details">
      <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2">
        <Link to={base}>
          <BackArrow /> {t('signing.backToCalculation')}
        </Link>
      </Button>
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('signing.title')}
        </Heading>
        <Flex gap="2" align="center" wrap="wrap">
          <Text color="fg.muted">{v.applicant?.name}</Text>
          <StateBadge state={v.state} data-testid="signing-state" />
        </Flex>
      </Stack>

      {v.state === 'missingApplicationInfo' && v.application && (
        <Alert.Root status="warning" data-testid="application-missing">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('signing.missingTitle')}</Alert.Title>
            <Alert.Description>
              <List.Root ps="4">
                {v.application.missingDocuments.map((d) => (
                  <List.Item key={d}>{t(`documents.categories.${d}`, { defaultValue: d })}</List.Item>
                ))}
                {v.application.infoText && <List.Item>{v.application.infoText}</List.Item>}
              </List.Root>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {finished && (
        <Alert.Root status="success" data-testid="signing-finished">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t(`signing.finished.${v.state}`)}</Alert.Title>
            <Alert.Description>
              {v.state === 'contracted' ? (
                <Link to="/contracts">
                  <chakra.span textDecoration="underline">{t('signing.finished.toContracts')}</chakra.span>
                </Link>
              ) : (
                t('signing.finished.next')
              )}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      {!finished && (
        <Card.Root>
          <Card.Header>
            <Heading as="h2" size="md">
              {t('signing.step1')}
            </Heading>
          </Card.Header>
          <Card.Body gap="4">
            <RadioGroup.Root
              recipe={radioGroupSlotRecipe}
              value={method}
              onValueChange={(e) => e.value && setMethod(e.value)}
              aria-label={t('signing.method')}
            >
              <Stack gap="3">
                {offered.map((m) => (
                  <RadioGroup.Item key={m} value={m} disabled={!available(m)}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      {t(`signing.methods.${m}`)}
                      {!available(m) && (
                        <Badge ms="2" variant="subtle">
                          {t('signing.notAvailable')}
                        </Badge>
                      )}
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            <Text fontSize="sm" color="fg.muted" data-testid="method-text">
              {t(`signing.methodTexts.${method}`)}
            </Text>
            {paper && (
              <Flex gap="3" align="center" wrap="wrap">
                <Button
                  colorPalette="brand"
                  variant={printed ? 'outline' : 'solid'}
                  disabled={!print || !online}
                  loading={call.isPending && call.variables?.action === print}
                  onClick={() => void printContract()}
                  data-testid="print-contract"
                >
                  {printed ? t('signing.printAgain') : t('signing.print')}
                </Button>
                {!online && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('process.offline')}
                  </Text>
                )}
              </Flex>
            )}
            {paper && printRefusal && (
              <RefusalAlert refusal={printRefusal} testId="print-refusal">
                {printRefusal.fix && (
                  <Link to={base}>
                    <chakra.span textDecoration="underline">{t('signing.errors.fixParties')}</chakra.span>
                  </Link>
                )}
              </RefusalAlert>
            )}
          </Card.Body>
        </Card.Root>
      )}

      {method === 'docusign' && eSign && !signing && <ESignatureForm action={eSign} variant={v} />}
      {signing && !viaBankId && <ESignatureStatus entity={entity} />}
      {(method === 'bankid' || !!findAction(entity, 'bankid-status')) && <BankIdSigning entity={entity} />}

      {papers.length > 0 && documents.data?.upload && (
        <Card.Root data-testid="signed-papers">
          <Card.Header>
            <Heading as="h2" size="md">
              {printed ? t('signing.step2') : t('signing.ownDelivery.title')}
            </Heading>
          </Card.Header>
          <Card.Body gap="6">
            {ownDelivery && <Text>{t('signing.ownDelivery.text')}</Text>}
            {papers.map((paper) => (
              <Stack key={paper} gap="2" data-testid={`paper-${paper}`}>
                <UploadArea
                  status={
                    <Badge colorPalette={attached(paper) ? 'green' : 'gray'}>
                      {attached(paper) ? t('signing.attached') : t('signing.notAttached')}
                    </Badge>
                  }
                  calculationSetId={calculationSetId}
                  upload={documents.data.upload!}
                  categories={[paper]}
                  rules={{
                    maxFileSize: documents.data.maxFileSize,
                    allowedExtensions: documents.data.allowedExtensions,
                  }}
                  title={t(`signing.papers.${paper}`)}
                />
              </Stack>
            ))}
          </Card.Body>
        </Card.Root>
      )}

      {(printed || ownDelivery) && (
        <Card.Root>
          <Card.Header>
            <Heading as="h2" size="md">
              {printed ? t('signing.step3') : t('signing.send')}
            </Heading>
          </Card.Header>
          <Card.Body gap="3">
            <Text>{printed ? t('signing.startText') : t('signing.ownDelivery.startText')}</Text>
            {problems.length > 0 && (
              <Alert.Root status="error" role="alert" data-testid="start-problems">
                <Alert.Indicator />
                <Alert.Content>
                  {problems.map((k) => (
                    <Alert.Description key={k}>
                      {t(`signing.errors.${k}`, { defaultValue: t('signing.errors.generic') })}
                    </Alert.Description>
                  ))}
                </Alert.Content>
              </Alert.Root>
            )}
            <Button
              colorPalette="brand"
              alignSelf="flex-start"
              disabled={!start || !online}
              loading={call.isPending && call.variables?.action === start}
              onClick={() => void sendStart()}
              data-testid="send-contract-start"
            >
              {t('signing.send')}
            </Button>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
