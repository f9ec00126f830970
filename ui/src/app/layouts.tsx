import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PORTAL_HOME } from '../../../domain/roles';
import type { RouteSpec } from '../../../domain/routes';
import { queryKeys } from '../shared/query-keys';
import { fetchMe, useSession } from '../shared/session';
import { ErrorState } from '../shared/states';
import { AppFrame } from './AppFrame';
import { ComingSoonPage } from './ComingSoonPage';
import { NotAvailablePage, PlanRequiredPage } from './NotAvailablePage';
import { NotFoundPage } from './NotFoundPage';
import { PageLoader } from './PageLoader';
import { PublicFrame } from './PublicFrame';
import { decideRouteAccess, loginUrl } from './route-access';
import { SCREENS, WIDE_PUBLIC_SCREENS } from './screens';

/** Wraps every signed-in route: no session → the login page (remembering where the user was), else the app chrome. */
export function SignedInLayout() {
  const { me, isLoading, error } = useSession();
  const location = useLocation();
  const client = useQueryClient();
  if (isLoading) return <PageLoader />;
  if (error) {
    return (
      <PublicFrame>
        <ErrorState
          error={error}
          title="Could not reach the server"
          onRetry={() => void client.fetchQuery({ queryKey: queryKeys.me, queryFn: fetchMe })}
        />
      </PublicFrame>
    );
  }
  if (!me) return <Navigate to={loginUrl(`${location.pathname}${location.search}`)} replace />;
  return (
    <AppFrame me={me}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </AppFrame>
  );
}

/** One signed-in route: applies the portal and plan rules, then shows the screen or the "coming soon" placeholder. */
export function GuardedRoute({ spec }: { spec: RouteSpec }) {
  const { me } = useSession();
  const location = useLocation();
  const session = me ? { portal: me.portal, plan: me.school.plan } : null;
  const access = decideRouteAccess(spec, session, `${location.pathname}${location.search}`);
  switch (access.kind) {
    case 'login':
      return <Navigate to={loginUrl(access.next)} replace />;
    case 'redirect':
      return <Navigate to={access.to} replace />;
    case 'not-available':
      return me && <NotAvailablePage spec={spec} me={me} />;
    case 'plan-required':
      return me && <PlanRequiredPage spec={spec} me={me} />;
    case 'allow': {
      const Screen = SCREENS[spec.path];
      return Screen ? <Screen /> : <ComingSoonPage spec={spec} />;
    }
  }
}

/** One public route, in the public chrome. */
export function PublicRoute({ spec }: { spec: RouteSpec }) {
  const Screen = SCREENS[spec.path];
  return (
    <PublicFrame wide={WIDE_PUBLIC_SCREENS.has(spec.path) || !Screen}>
      <Suspense fallback={<PageLoader />}>{Screen ? <Screen /> : <ComingSoonPage spec={spec} />}</Suspense>
    </PublicFrame>
  );
}

/** Unknown paths: inside the app chrome when signed in, else in the public chrome. */
export function NotFoundRoute() {
  const { me, isLoading } = useSession();
  if (isLoading) return <PageLoader />;
  if (me) {
    return (
      <AppFrame me={me}>
        <NotFoundPage homePath={PORTAL_HOME[me.portal]} />
      </AppFrame>
    );
  }
  return (
    <PublicFrame wide>
      <NotFoundPage homePath="/login" />
    </PublicFrame>
  );
}
