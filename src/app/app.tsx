import { ChakraProvider } from '../client/ui/chakra';
import { RouterProvider } from 'react-router-dom';
import { system } from '../client/ui/system';
import { Notifications } from '../client/ui/notify';
import { router } from './router';

export function App() {
  return (
    <ChakraProvider value={system}>
      <RouterProvider router={router} />
      <Notifications />
    </ChakraProvider>
  );
}
