import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Back that never leaves the app: a screen opened from a shared link has no history entry of
 * ours to return to, so it goes home instead of to the previous website.
 */
export function useBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
