/** The floor's second page: the same heading and line in Chakra UI with its authors' default system. */
import { Box, ChakraProvider, defaultSystem, Heading, Text } from '@chakra-ui/react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={defaultSystem}>
    <Box as="main" p="4">
      <Heading>Good evening</Heading>
      <Text color="fg.muted">Chakra UI with its default system.</Text>
    </Box>
  </ChakraProvider>,
);
