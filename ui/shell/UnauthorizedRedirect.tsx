/**
 * Wires the API client's 401 handler to the router: forget the session, go to `/login`. And its
 * "licence agreement required" handler to a session reload, which puts the agreement on screen.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onUlaRequired, onUnauthorized } from '../api/index.ts';
import { useSessionContext } from '../session/index.ts';

export function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const { clear, refresh } = useSessionContext();
  useEffect(() => onUlaRequired(() => void refresh().catch(() => {})), [refresh]);
  useEffect(() => {
    onUnauthorized(() => {
      clear();
      if (location.pathname !== '/login') {
        void navigate('/login', { replace: true, state: { from: location.pathname + location.search } });
      }
    });
  }, [navigate, location, clear]);
  return null;
}
