/** The floor's third page: the same heading and line in Chakra UI with the portal's system. */
import { Box, ChakraProvider, Heading, Text } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';
import { system } from '../../src/client/ui/system';

createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={system}>
    <Box as="main" p="4">
      <Heading>Good evening</Heading>
      <Text color="fg.muted">Chakra UI with the portal's system.</Text>
    </Box>
  </ChakraProvider>,
);
