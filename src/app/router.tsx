import { createBrowserRouter } from 'react-router-dom';
import { setErrorNavigation } from '../client/errors';
import { routes } from './route-table';

export const router = createBrowserRouter(routes);

setErrorNavigation((to, state) => void router.navigate(to, { state }));
