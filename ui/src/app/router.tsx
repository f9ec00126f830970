import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ROUTES } from '../../../domain/routes';
import { GuardedRoute, NotFoundRoute, PublicRoute, SignedInLayout } from './layouts';
import { RouteErrorPage } from './RouteErrorPage';

/**
 * Every path in the spec's route table is registered (case-sensitive, like the server's 404 check); signed-in
 * routes share one layout so the header stays mounted while moving between screens.
 */
export function buildRoutes(): RouteObject[] {
  const publicRoutes = ROUTES.filter((spec) => spec.portals === 'public');
  const signedInRoutes = ROUTES.filter((spec) => spec.portals !== 'public');
  return [
    {
      errorElement: <RouteErrorPage />,
      children: [
        ...publicRoutes.map((spec) => ({ path: spec.path, caseSensitive: true, element: <PublicRoute spec={spec} /> })),
        {
          element: <SignedInLayout />,
          children: signedInRoutes.map((spec) => ({
            path: spec.path,
            caseSensitive: true,
            element: <GuardedRoute key={spec.path} spec={spec} />,
          })),
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ];
}

const router = createBrowserRouter(buildRoutes());

export function AppRouter() {
  return <RouterProvider router={router} />;
}
