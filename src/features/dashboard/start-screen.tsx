import { Alert, Badge, Card, Heading, SimpleGrid, Skeleton, Stack, Text } from '../../client/ui/chakra';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CalculatorIcon, ContractIcon, SignatureIcon } from '../../client/ui/icons';
import { useProfile } from '../../client/profile/queries';
import { DashboardSkeleton } from './dashboard-skeleton';
import { useFormat } from '../../client/format/format';

/** The counts, action items and volume load as a chunk of their own, after the ways in. */
const DashboardContent = lazy(() =>
  import('./dashboard-content').then((m) => ({ default: m.DashboardContent })),
);

interface Tile {
  to: string;
  titleKey: string;
  textKey: string;
  icon: ComponentType;
  /** Whether the portal has the page yet; a way in that leads nowhere is shown, not linked. */
  available: boolean;
}

const TILES: Tile[] = [
  {
    to: '/calculations/new-calculation',
    titleKey: 'start.makeCalculation',
    textKey: 'start.makeCalculationText',
    icon: CalculatorIcon,
    available: true,
  },
  {
    to: '/calculations?states=readyToSign',
    titleKey: 'start.getSigned',
    textKey: 'start.getSignedText',
    icon: SignatureIcon,
    available: true,
  },
  {
    to: '/contracts',
    titleKey: 'start.manageContracts',
    textKey: 'start.manageContractsText',
    icon: ContractIcon,
    available: true,
  },
];

/** The start screen `/`: the three ways in, the last sign-in and the dashboard below them. */
export function StartScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data: profile } = useProfile();
  const readOnly =
    profile?.availableBrands.find((b) => b.userProfileId === profile.selectedUserProfileId)?.status ===
    'readOnly';
  const lastSignIn = profile?.lastSignIn ? format.longDateTime(profile.lastSignIn) : undefined;

  return (
    <Stack gap="8" maxW="6xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('start.title')}
        </Heading>
        <Text color="fg.muted">{t('start.subtitle')}</Text>
      </Stack>
      {readOnly && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('start.readOnlyBrand')}</Alert.Title>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
        {TILES.map(({ to, titleKey, textKey, icon: Icon, available }) => {
          const body = (
            <Card.Body gap="3">
              <Text fontSize="3xl" color={available ? 'brand.solid' : 'fg.muted'}>
                <Icon />
              </Text>
              <Card.Title as="h2">{t(titleKey)}</Card.Title>
              <Card.Description>{t(textKey)}</Card.Description>
              {!available && (
                <Badge alignSelf="flex-start" variant="subtle">
                  {t('start.notYetAvailable')}
                </Badge>
              )}
            </Card.Body>
          );
          return available ? (
            <Card.Root
              key={to}
              asChild
              variant="elevated"
              _hover={{ shadow: 'lg', borderColor: 'brand.emphasized' }}
              transition="box-shadow 0.15s"
              borderWidth="1px"
              borderColor="transparent"
            >
              <Link to={to}>{body}</Link>
            </Card.Root>
          ) : (
            <Card.Root key={to} variant="outline" aria-disabled="true" opacity={0.8}>
              {body}
            </Card.Root>
          );
        })}
      </SimpleGrid>
      <Card.Root variant="outline" maxW="md">
        <Card.Body gap="1">
          <Text fontSize="sm" color="fg.muted">
            {t('start.lastSignIn')}
          </Text>
          {profile ? (
            <Text fontWeight="medium" data-testid="last-sign-in">
              {lastSignIn ?? t('start.firstSignIn')}
            </Text>
          ) : (
            <Skeleton h="5" w="48" />
          )}
        </Card.Body>
      </Card.Root>
      <Suspense fallback={<DashboardSkeleton />}>
        <DashboardContent />
      </Suspense>
    </Stack>
  );
}
