import { Box, SimpleGrid, Skeleton, Stack } from '../../client/ui/chakra';

/**
 * The dashboard's shape while its chunk or its answer loads: four counts, three lists and the
 * chart, so that nothing jumps when the content arrives. Small on purpose: it ships with the
 * start screen.
 */
export function DashboardSkeleton() {
  return (
    <Stack gap="6" data-testid="dashboard-loading" aria-busy="true">
      <Skeleton h="7" w="40" />
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        {[0, 1, 2, 3].map((k) => (
          <Skeleton key={k} h="24" rounded="l3" />
        ))}
      </SimpleGrid>
      <Box display="grid" gridTemplateColumns="repeat(auto-fit, minmax(18rem, 1fr))" gap="5">
        {[0, 1, 2].map((k) => (
          <Skeleton key={k} h="56" rounded="l3" />
        ))}
      </Box>
      <Skeleton h="64" rounded="l3" />
    </Stack>
  );
}
