import { Button, Card, Flex, Heading, Skeleton, Stack, Text } from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { StateBadge } from '../../../client/ui/state-badge';
import { calculationViewQuery } from '../../../client/calculation/queries';

/** .../summary-sent: the contract start was sent; the state follows the provider's check live. */
export function SummarySentPage() {
  const { t } = useTranslation();
  const { calculationSetId = '', calculationVariantId = '' } = useParams();
  const { data, isPending } = useQuery(calculationViewQuery(calculationSetId, calculationVariantId));
  const v = data?.properties.variant?.properties;
  return (
    <Stack gap="5" maxW="3xl" data-testid="summary-sent">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('signing.sent.title')}
        </Heading>
        <Text color="fg.muted">{t('signing.sent.text')}</Text>
      </Stack>
      <Card.Root>
        <Card.Body>
          {isPending || !v ? (
            <Skeleton h="16" />
          ) : (
            <Flex gap="3" align="center" wrap="wrap">
              <Text fontWeight="medium">{v.applicant?.name}</Text>
              <StateBadge state={v.state} data-testid="summary-state" />
              {v.application?.referenceCode && (
                <Text data-testid="reference-code">
                  {t('signing.sent.reference', { code: v.application.referenceCode })}
                </Text>
              )}
            </Flex>
          )}
        </Card.Body>
      </Card.Root>
      <Flex gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <Link to={`/calculations/${calculationSetId}/${calculationVariantId}`}>
            {t('summary.backToCalculation')}
          </Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/calculations">{t('summary.toList')}</Link>
        </Button>
      </Flex>
    </Stack>
  );
}

export const Component = SummarySentPage;
